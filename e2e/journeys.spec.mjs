// Every journey, in this order (they share one stack and one database). SBC_JOURNEYS=a,b runs only those
// (`node run.mjs --only a,b` sets it); `lighthouse` runs only when named, since it takes minutes per route.
export const JOURNEYS = [
  'shell-routes',
  'auth',
  'public-site',
  'resilience',
  'site-faults',
  'emulator-browser',
  'admin',
  'accessibility',
  'watchlist',
  'market-intelligence',
  'server-render',
  'version-skew',
  'layout',
  'performance',
];
export const ON_DEMAND = ['lighthouse'];

const chosen = process.env.SBC_JOURNEYS ? process.env.SBC_JOURNEYS.split(',') : JOURNEYS;
for (const name of chosen) {
  if (!JOURNEYS.includes(name) && !ON_DEMAND.includes(name)) throw new Error(`SBC_JOURNEYS takes some of: ${[...JOURNEYS, ...ON_DEMAND].join(', ')}`);
}
// Imported in order: each registers its tests; a journey file that fails to load fails the run.
for (const name of chosen) {
  await import(`./journeys/${name}.mjs`);
}
