const register = jest.fn();
jest.mock('workbox-window', () => ({
  Workbox: jest.fn().mockImplementation(() => ({ addEventListener: jest.fn(), register, messageSW: jest.fn(), messageSkipWaiting: jest.fn() })),
}));

import { REGISTRATION_REFUSED, registerServiceWorker } from './register';

it('a browser that refuses service workers gets the site as before, with a warning and no error', async () => {
  // What Chromium's blocked service workers gave workbox-window (seen in the version-skew journey).
  register.mockRejectedValue(new TypeError("Cannot read properties of undefined (reading 'waiting')"));
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  registerServiceWorker();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(warn).toHaveBeenCalledWith(REGISTRATION_REFUSED, expect.any(TypeError));
  expect(error).not.toHaveBeenCalled();
});
