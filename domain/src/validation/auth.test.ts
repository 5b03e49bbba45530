import { REGISTER_NAME_MAX_LENGTH, REGISTER_PASSWORD_MAX_LENGTH, validateLogin, validateRegister } from './auth';

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

describe('registration maxima (enforced by maxLength on the inputs, not by validateRegister)', () => {
  it('match the registration function: display name 100, password 128', () => {
    expect(REGISTER_NAME_MAX_LENGTH).toBe(100);
    expect(REGISTER_PASSWORD_MAX_LENGTH).toBe(128);
  });

  it('adds no message of its own at the maxima: section 5 has none', () => {
    const password = 'p'.repeat(REGISTER_PASSWORD_MAX_LENGTH);
    const values = { fullName: 'A'.repeat(REGISTER_NAME_MAX_LENGTH), email: 'ada@example.com', password, confirmPassword: password };
    expect(validateRegister(values)).toEqual({});
  });
});
