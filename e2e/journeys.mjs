// Every journey, in two groups that run side by side (playwright.config.mjs: one project and one worker per
// group), each on a local stack and database of its own (lib/stack.mjs, lib/global-setup.mjs); within a group the
// journeys run in this order and share their stack. The groups are balanced by time (docs/testing.md). A journey
// that writes shared data another reads (the admin's saves, the 500-product sector and its render-cache purge)
// stays in the group of the journeys that must see it, or runs where no one minds.
// SBC_JOURNEYS=a,b runs only those (`node run.mjs --only a,b` sets it); `lighthouse` runs only when named.
export const JOURNEY_GROUPS = [
  ['shell-routes', 'auth', 'public-site', 'resilience', 'site-faults', 'emulator-browser', 'admin', 'accessibility', 'first-paint-input'],
  ['watchlist', 'market-intelligence', 'server-render', 'version-skew', 'live-market', 'layout', 'performance'],
];
export const ON_DEMAND = ['lighthouse'];

const ALL = [...JOURNEY_GROUPS.flat(), ...ON_DEMAND];

/** The journeys this run runs (all but the on-demand ones, unless SBC_JOURNEYS names some). */
export function chosenJourneys() {
  const chosen = process.env.SBC_JOURNEYS ? process.env.SBC_JOURNEYS.split(',') : JOURNEY_GROUPS.flat();
  for (const name of chosen) {
    if (!ALL.includes(name)) throw new Error(`SBC_JOURNEYS takes some of: ${ALL.join(', ')}`);
  }
  return chosen;
}

/** The journeys of group `index` this run runs, in order; on-demand journeys go to the first group. */
export function journeysOfGroup(index) {
  const chosen = chosenJourneys();
  const group = [...JOURNEY_GROUPS[index], ...(index === 0 ? ON_DEMAND : [])];
  return group.filter((name) => chosen.includes(name));
}

/** The groups with at least one journey to run. */
export function activeGroups() {
  return JOURNEY_GROUPS.map((_, index) => index).filter((index) => journeysOfGroup(index).length > 0);
}

/**
 * Registers group `index`'s journeys (each file registers its tests when imported; a journey file that fails to
 * load fails the run). Called by journeys-<n>.spec.mjs after it has said which group this worker runs, so that
 * lib/stack.mjs, imported by the journeys, picks that group's stack.
 */
export async function registerGroup(index) {
  for (const name of journeysOfGroup(index)) await import(`./journeys/${name}.mjs`);
}
