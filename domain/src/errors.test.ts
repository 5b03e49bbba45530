import {
  ADD_PRODUCT_ERROR_FALLBACK,
  JSON_EDITOR_MESSAGES,
  REGISTRATION_FAILED,
  addProductErrorMessage,
  addProductSuccessMessage,
  duplicateSlugMessage,
  loginErrorMessage,
  productNotFoundMessage,
  registrationCodeFromHttpErrorText,
  registrationErrorMessage,
} from './errors';

describe('loginErrorMessage (section 8 "Login")', () => {
  it.each([
    ['auth/user-not-found', 'User not found.'],
    ['user-not-found', 'User not found.'],
    ['auth/wrong-password', 'Incorrect password.'],
    ['wrong-password', 'Incorrect password.'],
    ['auth/invalid-email', 'Invalid email address.'],
    ['auth/user-disabled', 'This account has been disabled.'],
    ['auth/too-many-requests', 'Too many login attempts. Please try again later.'],
    ['auth/invalid-credential', 'Login error. Please try again.'],
    ['auth/network-request-failed', 'Login error. Please try again.'],
    ['toString', 'Login error. Please try again.'],
    ['', 'Login error. Please try again.'],
    [undefined, 'Login error. Please try again.'],
    [null, 'Login error. Please try again.'],
  ])('%p → %p', (code, expected) => {
    expect(loginErrorMessage(code)).toBe(expected);
  });
});

describe('registrationErrorMessage (section 8 "Registration")', () => {
  it.each([
    ['email-already-in-use', 'This email is already in use.'],
    ['auth/email-already-in-use', 'This email is already in use.'],
    ['invalid-email', 'Invalid email address.'],
    ['weak-password', 'Password is too weak.'],
    ['operation-not-allowed', 'Registration is not allowed.'],
    ['internal', 'Registration error. Please try again.'],
    [undefined, 'Registration error. Please try again.'],
  ])('%p → %p', (code, expected) => {
    expect(registrationErrorMessage(code)).toBe(expected);
  });

  it('has the text for success false without an error', () => {
    expect(REGISTRATION_FAILED).toBe('Registration failed');
  });
});

describe('registrationCodeFromHttpErrorText', () => {
  it.each([
    ['The email address is already in use by another account.', 'email-already-in-use'],
    ['Invalid email', 'invalid-email'],
    ['invalid email address', 'invalid-email'],
    ['Password is too weak', 'weak-password'],
    ['Something else', 'operation-not-allowed'],
    ['', 'operation-not-allowed'],
    [undefined, 'operation-not-allowed'],
  ])('%p → %p', (text, expected) => {
    expect(registrationCodeFromHttpErrorText(text)).toBe(expected);
  });
});

describe('product messages (sections 5 and 8)', () => {
  it.each([
    [addProductSuccessMessage('Bread'), 'Prodotto "Bread" aggiunto con successo!'],
    [duplicateSlugMessage('bread'), 'Un prodotto con lo slug "bread" esiste già'],
    [productNotFoundMessage('bread'), 'Prodotto con slug "bread" non trovato'],
    [ADD_PRODUCT_ERROR_FALLBACK, "Si è verificato un errore durante l'aggiunta del prodotto"],
  ])('%p', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    [new Error('Un prodotto con lo slug "x" esiste già'), 'Un prodotto con lo slug "x" esiste già'],
    [new Error(''), "Si è verificato un errore durante l'aggiunta del prodotto"],
    [{ nope: true }, "Si è verificato un errore durante l'aggiunta del prodotto"],
    ['plain text', 'plain text'],
  ])('addProductErrorMessage(%p) → %p', (error, expected) => {
    expect(addProductErrorMessage(error)).toBe(expected);
  });
});

describe('JSON_EDITOR_MESSAGES (section 8 "JSON editor")', () => {
  it('holds every text of the catalogue', () => {
    expect(Object.values(JSON_EDITOR_MESSAGES).sort()).toEqual(
      [
        'Errore nel caricamento dei prodotti',
        'Prodotto non trovato',
        'Prodotto aggiornato con successo!',
        "Errore durante l'aggiornamento del prodotto",
        'JSON formattato con successo!',
        'JSON minificato con successo!',
        'JSON valido!',
        'JSON esportato con successo!',
        'JSON non valido',
        'Errore durante la formattazione del JSON',
        'Errore durante la minificazione del JSON',
        "Errore durante l'esportazione del JSON",
        'Il prodotto deve avere almeno slug e name',
      ].sort(),
    );
  });
});
