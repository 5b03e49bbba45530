import { validateLogin, validateRegister } from './auth';

describe('validateLogin (section 5 "Login")', () => {
  it.each([
    [{ email: '', password: '' }, { email: 'Email is required', password: 'Password is required' }],
    [{ email: '   ', password: 'secret1' }, { email: 'Email is required' }],
    [{ email: 'not-an-email', password: 'secret1' }, { email: 'Please enter a valid email' }],
    [{ email: 'a@b@c', password: 'secret1' }, { email: 'Please enter a valid email' }],
    [{ email: 'a b@c.it', password: 'secret1' }, { email: 'Please enter a valid email' }],
    [{ email: 'player@example.com', password: '12345' }, { password: 'Password must be at least 6 characters' }],
    [{ email: 'player@example.com', password: '123456' }, {}],
    [{ email: ' player@example.com ', password: 'abcdefgh' }, {}],
  ])('%p → %p', (values, expected) => {
    expect(validateLogin(values)).toEqual(expected);
  });
});

describe('validateRegister (section 5 "Register")', () => {
  const ok = { fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'secret1', confirmPassword: 'secret1' };
  it.each([
    [{}, {}],
    [{ fullName: '' }, { fullName: 'Full name is required' }],
    [{ fullName: '  ' }, { fullName: 'Full name is required' }],
    [{ fullName: 'A' }, { fullName: 'Name must be at least 2 characters' }],
    [{ fullName: 'Al' }, {}],
    [{ email: '' }, { email: 'Email is required' }],
    [{ email: 'ada' }, { email: 'Please enter a valid email' }],
    [{ password: '', confirmPassword: '' }, { password: 'Password is required', confirmPassword: 'Password confirmation is required' }],
    [{ password: 'short', confirmPassword: 'short' }, { password: 'Password must be at least 6 characters' }],
    [{ confirmPassword: '' }, { confirmPassword: 'Password confirmation is required' }],
    [{ confirmPassword: 'secret2' }, { confirmPassword: 'Passwords do not match' }],
  ])('%p → %p', (overrides, expected) => {
    expect(validateRegister({ ...ok, ...overrides })).toEqual(expected);
  });
});
