import type { RuntimeConfig } from '../config/runtime-config';
import { loadRuntimeConfig, runtimeConfigProblems } from '../config/load-runtime-config';
import { disposeFirebaseServices, initFirebase } from './firebase';

const valid: RuntimeConfig = {
  remotes: { publicSite: 'http://127.0.0.1:3001/mf-manifest.json', adminConsole: 'http://127.0.0.1:3002/mf-manifest.json' },
  firebase: { apiKey: 'demo-key', authDomain: 'demo-sbc-tycoon.firebaseapp.com', projectId: 'demo-sbc-tycoon', appId: '1:1:web:1' },
  registerUrl: 'http://127.0.0.1:5001/demo-sbc-tycoon/europe-west1/registerUser',
  emulators: { authUrl: 'http://127.0.0.1:9099', firestoreHost: '127.0.0.1', firestorePort: 8080 },
};

const fetchReplying = (status: number, body: string) =>
  jest.fn(async () => new Response(body, { status })) as unknown as typeof fetch;

describe('loadRuntimeConfig', () => {
  it('fetches /app-config.json without cache and returns it', async () => {
    const fetchImpl = fetchReplying(200, JSON.stringify(valid));
    await expect(loadRuntimeConfig(fetchImpl)).resolves.toEqual(valid);
    expect(fetchImpl).toHaveBeenCalledWith('/app-config.json', { cache: 'no-store' });
  });

  it('accepts a config without emulators (production)', async () => {
    const { emulators: _e, ...production } = valid;
    await expect(loadRuntimeConfig(fetchReplying(200, JSON.stringify(production)))).resolves.toEqual(production);
  });

  it.each([
    ['an HTTP error', fetchReplying(404, 'nope'), 'Runtime config /app-config.json could not be fetched: HTTP 404'],
    ['invalid JSON', fetchReplying(200, '{'), 'Runtime config /app-config.json is not valid JSON'],
    [
      'a missing field',
      fetchReplying(200, JSON.stringify({ ...valid, registerUrl: '' })),
      'Runtime config /app-config.json is invalid: registerUrl must be a non-empty string',
    ],
  ])('fails clearly on %s', async (_label, fetchImpl, message) => {
    await expect(loadRuntimeConfig(fetchImpl)).rejects.toThrow(message);
  });
});

describe('runtimeConfigProblems', () => {
  it.each([
    [[], ['the file must contain a JSON object']],
    [{ ...valid, remotes: undefined }, ['remotes must be an object']],
    [{ ...valid, firebase: { ...valid.firebase, projectId: 3 } }, ['firebase.projectId must be a non-empty string']],
    [{ ...valid, emulators: { ...valid.emulators, firestorePort: '8080' } }, ['emulators.firestorePort must be an integer port number']],
    [{ ...valid, market: { updateIntervalSeconds: 0 } }, ['market.updateIntervalSeconds must be a positive number of seconds when market is present']],
    [{ ...valid, market: 60 }, ['market.updateIntervalSeconds must be a positive number of seconds when market is present']],
    [{ ...valid, market: { updateIntervalSeconds: 60 } }, []],
    [{ ...valid, alerts: { email: true } }, []],
    [{ ...valid, alerts: { email: false } }, []],
    [{ ...valid, alerts: { email: 'yes' } }, ['alerts.email must be true or false when alerts is present']],
    [{ ...valid, alerts: true }, ['alerts.email must be true or false when alerts is present']],
    [valid, []],
  ])('%j → %j', (config, problems) => {
    expect(runtimeConfigProblems(config)).toEqual(problems);
  });
});

describe('initFirebase', () => {
  it('initialises once: the same services for the same config, an error for another config', async () => {
    const services = initFirebase(valid);
    expect(initFirebase({ ...valid })).toBe(services);
    expect(services.app.options.projectId).toBe('demo-sbc-tycoon');
    expect(() => initFirebase({ ...valid, firebase: { ...valid.firebase, projectId: 'other' } })).toThrow(
      'initFirebase: Firebase is already initialised with a different runtime config',
    );
    await disposeFirebaseServices(services);
  });
});
