import { register } from './registration';

const url = 'http://127.0.0.1:5001/demo-sbc-tycoon/europe-west1/registerUser';
const input = { email: 'bob@example.com', password: 'secret1', displayName: 'Bob' };

function replying(status: number, body: string) {
  return jest.fn(async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } }));
}

it('POSTs the JSON body {email, password, displayName} to the function URL', async () => {
  const fetchImpl = replying(200, '{"success":true}');
  await expect(register(url, input, fetchImpl)).resolves.toEqual({ success: true });
  const [calledUrl, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
  expect(calledUrl).toBe(url);
  expect(init.method).toBe('POST');
  expect(JSON.parse(init.body as string)).toEqual(input);
});

it.each([
  [400, '{"success":false,"error":"The email address is already in use"}', 'The email address is already in use'],
  [400, '{"error":{"message":"Invalid email"}}', 'Invalid email'],
  [500, 'Password too weak', 'Password too weak'],
])('reads the nested error text of an HTTP %i error', async (status, body, text) => {
  await expect(register(url, input, replying(status, body))).resolves.toEqual({ success: false, error: text, httpStatus: status });
});

it.each([
  ['{"success":false}', { success: false }],
  ['{"success":false,"error":"Quota reached"}', { success: false, error: 'Quota reached' }],
  ['', { success: false }],
])('reads a 200 reply %s', async (body, result) => {
  await expect(register(url, input, replying(200, body))).resolves.toEqual(result);
});

it('reports a request without reply as a network error', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  const fetchImpl = jest.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
  await expect(register(url, input, fetchImpl)).resolves.toEqual({ success: false, networkError: true });
});
