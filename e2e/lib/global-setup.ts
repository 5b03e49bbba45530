// The runner's global setup: one local stack per group of journeys that runs (../journeys.ts), started side by
// side and handed to the test workers through the environment (they reach the emulators over HTTP); the returned
// function is the global teardown.
import { activeGroups } from '../journeys';
import { STACK_ENV, startE2eStacks, stopE2eStacks } from './stack';

export default async function globalSetup() {
  process.env[STACK_ENV] = JSON.stringify(await startE2eStacks(activeGroups()));
  return async () => {
    await stopE2eStacks();
  };
}
