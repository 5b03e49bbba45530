import { createServer } from 'node:net';

export interface StackPorts {
  shell: number;
  publicSite: number;
  adminConsole: number;
  firestore: number;
  auth: number;
  functions: number;
  /** firebase-tools' emulator hub and logging ports. */
  hub: number;
  logging: number;
  /**
   * The Eventarc and Cloud Tasks emulators the Functions emulator starts beside it (firebase-tools' defaults 9299 and
   * 9499): unused by the site, but each listens, so two stacks on their defaults collided (the second one's
   * firebase-tools exited with "An unexpected error has occurred", EADDRINUSE in its debug log).
   */
  eventarc: number;
  tasks: number;
  /** The mail catcher (./mail-catcher.ts): the SMTP server the functions send alert e-mails to. */
  smtp: number;
}

export const DEFAULT_PORTS: Readonly<StackPorts> = Object.freeze({
  shell: 3000,
  publicSite: 3001,
  adminConsole: 3002,
  firestore: 8080,
  auth: 9099,
  functions: 5001,
  hub: 4400,
  logging: 4500,
  eventarc: 9299,
  tasks: 9499,
  smtp: 2525,
});

/** Every port moved by `offset`: test stacks run on blocks of their own beside `npm start` and each other. */
export function shiftPorts(ports: Readonly<StackPorts>, offset: number): StackPorts {
  return Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, port + offset])) as unknown as StackPorts;
}

/** `npm run test:integration`'s block (DEFAULT_PORTS + 150), so it runs while `npm start` is up. */
export const INTEGRATION_PORTS: Readonly<StackPorts> = Object.freeze(shiftPorts(DEFAULT_PORTS, 150));

const SERVICE_NAMES: Record<keyof StackPorts, string> = {
  shell: 'shell app',
  publicSite: 'public-site app',
  adminConsole: 'admin-console app',
  firestore: 'Firestore emulator',
  auth: 'Auth emulator',
  functions: 'Functions emulator',
  hub: 'firebase-tools emulator hub',
  logging: 'firebase-tools logging',
  eventarc: 'Eventarc emulator (started by the Functions emulator)',
  tasks: 'Cloud Tasks emulator (started by the Functions emulator)',
  smtp: 'mail catcher (SMTP, alert e-mails)',
};

function isFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/** Fails fast, naming every busy port, instead of letting one service time out half a minute later. */
export async function assertPortsFree(ports: StackPorts, keys = Object.keys(ports) as Array<keyof StackPorts>): Promise<void> {
  const busy: string[] = [];
  for (const key of keys) {
    if (!(await isFree(ports[key], '127.0.0.1'))) busy.push(`${ports[key]} (${SERVICE_NAMES[key]})`);
  }
  if (busy.length > 0) {
    throw new Error(
      `These ports are already in use: ${busy.join(', ')}. Is another \`npm start\` running? Stop it first ` +
        '(Ctrl-C in its terminal), or start on other ports.',
    );
  }
}

/**
 * Waits until the ports are free, at most `timeoutMs`: processes just stopped (a stale stack's children) may
 * hold their sockets a moment longer. assertPortsFree then says which ones are still taken.
 */
export async function waitForPortsFree(ports: StackPorts, keys: Array<keyof StackPorts>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const free = await Promise.all(keys.map((key) => isFree(ports[key], '127.0.0.1')));
    if (free.every(Boolean)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
