/** Reads /app-config.json (apps' remotes, Firebase keys, emulators) and says exactly what is wrong with a bad one. */
import { RUNTIME_CONFIG_PATH, type RuntimeConfig } from './runtime-config';

export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

/** Fetches and validates the runtime config; every failure is a RuntimeConfigError naming the URL and the problem. */
export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = fetch,
  url: string = RUNTIME_CONFIG_PATH,
): Promise<RuntimeConfig> {
  let response: Response;
  try {
    // The file changes per environment behind a fixed name: never use a cached copy.
    response = await fetchImpl(url, { cache: 'no-store' });
  } catch (cause) {
    throw new RuntimeConfigError(`Runtime config ${url} could not be fetched: ${String(cause)}`, { cause });
  }
  if (!response.ok) {
    throw new RuntimeConfigError(`Runtime config ${url} could not be fetched: HTTP ${response.status}`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new RuntimeConfigError(`Runtime config ${url} is not valid JSON`, { cause });
  }
  const problems = runtimeConfigProblems(body);
  if (problems.length > 0) {
    throw new RuntimeConfigError(`Runtime config ${url} is invalid: ${problems.join('; ')}`);
  }
  return body as RuntimeConfig;
}

/** Every problem of a candidate runtime config, as 'field: what is wrong'; empty when valid. */
export function runtimeConfigProblems(value: unknown): string[] {
  if (!isRecord(value)) return ['the file must contain a JSON object'];
  const problems: string[] = [];
  const text = (path: string, v: unknown) => {
    if (typeof v !== 'string' || v.trim() === '') problems.push(`${path} must be a non-empty string`);
  };
  const section = (path: string, v: unknown, fields: string[]) => {
    if (!isRecord(v)) {
      problems.push(`${path} must be an object`);
      return;
    }
    for (const field of fields) text(`${path}.${field}`, v[field]);
  };
  section('remotes', value.remotes, ['publicSite', 'adminConsole']);
  section('firebase', value.firebase, ['apiKey', 'authDomain', 'projectId', 'appId']);
  text('registerUrl', value.registerUrl);
  if (value.emulators !== undefined) {
    const emulators = value.emulators;
    if (!isRecord(emulators)) {
      problems.push('emulators must be an object when present');
    } else {
      text('emulators.authUrl', emulators.authUrl);
      text('emulators.firestoreHost', emulators.firestoreHost);
      const port = emulators.firestorePort;
      if (typeof port !== 'number' || !Number.isInteger(port) || port <= 0 || port > 65535) {
        problems.push('emulators.firestorePort must be an integer port number');
      }
    }
  }
  if (value.market !== undefined) {
    const seconds = isRecord(value.market) ? value.market.updateIntervalSeconds : undefined;
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) {
      problems.push('market.updateIntervalSeconds must be a positive number of seconds when market is present');
    }
  }
  if (value.alerts !== undefined) {
    const email = isRecord(value.alerts) ? value.alerts.email : undefined;
    if (typeof email !== 'boolean') problems.push('alerts.email must be true or false when alerts is present');
  }
  return problems;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
