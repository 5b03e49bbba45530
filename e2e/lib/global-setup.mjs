// The runner's global setup: one local stack for the whole run, handed to the test workers through the
// environment (they reach the emulators over HTTP); the returned function is the global teardown.
import { startE2eStack, STACK_ENV, stackDescription, stopE2eStack } from './stack.mjs';

export default async function globalSetup() {
  const running = await startE2eStack();
  process.env[STACK_ENV] = JSON.stringify(stackDescription(running));
  return async () => {
    await stopE2eStack();
  };
}
