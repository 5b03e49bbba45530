import { Agent, request } from 'node:http';
import type { RunningFirestoreEmulator } from '../../src/firestore';
import { documentsUrl, startTestEmulator } from './harness';

let emulator: RunningFirestoreEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.stop());

/** A GET through `agent`; resolves with the status and the local port of the socket it went on. */
function get(url: string, agent: Agent): Promise<{ status: number; localPort: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, localPort: req.socket?.localPort ?? -1 }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('keep-alive connections', () => {
  it('an idle connection is still open after 6 s, as Firestore keeps it: a client that reuses it is not reset (it closed them after 1 s)', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const url = documentsUrl(emulator, '/products/none');
    const first = await get(url, agent);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const second = await get(url, agent);
    expect([first.status, second.status]).toEqual([404, 404]);
    expect(second.localPort).toBe(first.localPort);
    agent.destroy();
  }, 15_000);
});
