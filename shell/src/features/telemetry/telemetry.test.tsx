/**
 * noteDataFailures over the grouped gateway (issue 36): a failed call is noted by its group and method, whichever the
 * group, and the gateway answers as before. The noted errors reach the reporter when telemetry starts.
 */
import { createFakeGateway } from '@sbc/shared/src/testing/fakes';
import { GatewayError } from '@sbc/shared';
import type { NotedError } from './page-route';

jest.mock('../../lib/after-page-is-idle', () => ({ afterPageIsIdle: (run: () => void) => run() }));
const reported: NotedError[] = [];
jest.mock('./reporter', () => ({
  startReporter: (early: NotedError[]) => {
    reported.push(...early);
    return (error: NotedError) => reported.push(error);
  },
}));

import { noteDataFailures, startTelemetry } from './telemetry';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

test('a failed call is noted as group.method with its code; answers, sign-in listeners and the watchlist pass through', async () => {
  const fake = createFakeGateway({ products: [], failing: { 'products.getBySlug': new GatewayError('unavailable', 'Failed to fetch'), 'users.list': new Error('no code') } });
  fake.watchlist.fail('listWatchItems', new GatewayError('permission-denied', 'denied'));
  const gateway = noteDataFailures(fake);

  await expect(gateway.products.getAll()).resolves.toEqual([]);
  await expect(gateway.products.getBySlug('solar-panel')).rejects.toThrow('Failed to fetch');
  await expect(gateway.users.list()).rejects.toThrow('no code');
  await expect(gateway.watchlist.listWatchItems('u1')).rejects.toThrow('denied');
  const listener = jest.fn();
  gateway.auth.onStateChanged(listener)();
  expect(gateway.products).toBe(gateway.products);

  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    startTelemetry();
    await flush();
  } finally {
    process.env.NODE_ENV = previous;
  }
  expect(reported.map((error) => [error.kind, error.message])).toEqual([
    ['data', 'products.getBySlug failed: unavailable'],
    ['data', 'users.list failed: unknown'],
    ['data', 'watchlist.listWatchItems failed: permission-denied'],
  ]);
});
