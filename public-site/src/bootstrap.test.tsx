import { act, screen } from '@testing-library/react';
import { RuntimeConfigError } from '@sbc/shared';

// Started alone, nothing serves /app-config.json: the dev server answers 404.
beforeEach(() => {
  globalThis.fetch = jest.fn(async () => ({ ok: false, status: 404 }) as Response) as typeof fetch;
});

it('started alone without /app-config.json, says which file is missing and how to start the stack', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  document.body.innerHTML = '<div id="root"></div>';
  await act(async () => {
    await import('./bootstrap');
  });
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('public-site could not start');
  expect(alert).toHaveTextContent('Runtime config /app-config.json could not be fetched: HTTP 404');
  expect(alert).toHaveTextContent('npm start');
  expect(alert).toHaveTextContent('npm run dev');
  expect(console.error).toHaveBeenCalledWith('[public-site] start-up failed', expect.any(RuntimeConfigError));
});
