// A local stack (emulators only) in a process of its own, so a test can kill it as hard as a crash would.
// argv: <dataDir> <ports JSON>. Prints `READY <urls JSON>` once up, `DIED <service>` if one of its processes
// dies, and every progress line of the stack prefixed with `[stack]`.
import { startStack } from '../../bin/stack.mjs';

const [dataDir, portsJson] = process.argv.slice(2);
try {
  const stack = await startStack({
    ports: JSON.parse(portsJson),
    dataDir,
    apps: false,
    build: false,
    log: (line) => console.log(`[stack] ${line}`),
    onUnexpectedExit: (service) => {
      console.log(`DIED ${service}`);
      process.exit(1);
    },
  });
  console.log(`READY ${JSON.stringify(stack.urls)}`);
  process.on('SIGTERM', async () => {
    await stack.stop();
    process.exit(0);
  });
} catch (error) {
  console.log(`FAILED ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
