// Every journey, in two groups that run side by side (playwright.config.ts: one project and one worker per
// group), each on a local stack and database of its own (lib/stack.ts, lib/global-setup.ts); within a group the
// journeys run in this order and share their stack. The groups are balanced by time (docs/testing.md). A journey
// that writes shared data another reads (the admin's saves, the 500-product sector and its render-cache purge)
// stays in the group of the journeys that must see it, or runs where no one minds.
// SBC_JOURNEYS=a,b runs only those (`node run.mjs --only a,b` sets it); the ON_DEMAND ones (`npm run size`'s
// lighthouse and first-paint) run only when named.
export const JOURNEY_GROUPS = [
  // Measured 2026-11-27 (seconds of test time, both groups side by side): 416 and 555 with `layout` in the second
  // group; moved last into the first (it only reads, and reads nothing another journey writes), 475 and 496.
  ['shell-routes', 'auth', 'public-site', 'resilience', 'site-faults', 'emulator-browser', 'admin', 'telemetry', 'accessibility', 'admin-catalogue', 'alert-webhooks', 'layout'],
  ['watchlist', 'trade-book', 'editor-role', 'market-intelligence', 'server-render', 'deploy-during-visit', 'version-skew', 'live-market', 'first-paint-input', 'offline', 'performance', 'market-history'],
];
export const ON_DEMAND = ['lighthouse', 'first-paint', 'hydration-profile'];

const ALL = [...JOURNEY_GROUPS.flat(), ...ON_DEMAND];

/** The journeys this run runs (all but the on-demand ones, unless SBC_JOURNEYS names some). */
export function chosenJourneys(): string[] {
  const chosen = process.env.SBC_JOURNEYS ? process.env.SBC_JOURNEYS.split(',') : JOURNEY_GROUPS.flat();
  for (const name of chosen) {
    if (!ALL.includes(name)) throw new Error(`SBC_JOURNEYS takes some of: ${ALL.join(', ')}`);
  }
  return chosen;
}

/** The journeys of group `index` this run runs, in order; on-demand journeys go to the first group. */
export function journeysOfGroup(index: number): string[] {
  const chosen = chosenJourneys();
  const group = [...JOURNEY_GROUPS[index], ...(index === 0 ? ON_DEMAND : [])];
  return group.filter((name) => chosen.includes(name));
}

/** The groups with at least one journey to run. */
export function activeGroups(): number[] {
  return JOURNEY_GROUPS.map((_, index) => index).filter((index) => journeysOfGroup(index).length > 0);
}

/**
 * Registers group `index`'s journeys, called by journeys-<n>.spec.ts. Each journey file registers its tests when
 * it loads (a journey file that fails to load fails the run). The group is said first: lib/stack.ts reads it
 * when it loads, to pick that group's stack, and no journey has loaded it yet.
 */
export function registerGroup(index: number): void {
  process.env.SBC_E2E_GROUP = String(index);
  // Loaded in order with require: Playwright runs the journeys as CommonJS, compiling each .ts file it loads.
  for (const name of journeysOfGroup(index)) require(`./journeys/${name}`);
}
