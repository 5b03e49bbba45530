/**
 * Test doubles for the apps' and shared's tests: the in-memory gateway and plain fixtures. Imported by tests as
 * `@sbc/shared/src/testing/fakes`, never from the package root: the root is what every visitor downloads.
 */
export {
  createFakeGateway,
  type FakeGateway,
  type FakeGatewaySeed,
  type FakeGatewayData,
  type FakeAccount,
  type GatewayMethod,
} from '../data/fake-gateway';
export { createFakeWatchlist, type FakeWatchlist, type WatchlistMethod } from '../data/fake-watchlist';
export { fakeProduct, fakeMaterial, fakeStatRow } from '../data/fake-fixtures';
