// Group 1 of the journeys (journeys.mjs), on its own stack. The group is said before any journey is imported:
// lib/stack.mjs reads it when it loads.
process.env.SBC_E2E_GROUP = '0';
const { registerGroup } = await import('./journeys.mjs');
await registerGroup(0);
