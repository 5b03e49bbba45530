/**
 * Command line: `node local-backend/bin/firestore-emulator.mjs [--port 8080] [--host 127.0.0.1]
 * [--project demo-sbc-tycoon] [--data .local-data] [--import file.json] [--rules firestore.rules] [--log]`.
 * Stops cleanly (saving `--data`) on SIGINT/SIGTERM.
 */
import { parseArgs } from 'node:util';
import { loadRulesFile } from '../rules';
import { startFirestoreEmulator } from './emulator';

export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      project: { type: 'string', default: 'demo-sbc-tycoon' },
      data: { type: 'string' },
      import: { type: 'string' },
      rules: { type: 'string' },
      log: { type: 'boolean', default: false },
    },
  });
  const emulator = await startFirestoreEmulator({
    port: Number(values.port),
    host: values.host,
    projectId: values.project!,
    dataDir: values.data,
    importFile: values.import,
    rules: values.rules ? loadRulesFile(values.rules) : undefined,
    log: values.log,
  });
  console.log(
    `Firestore emulator for ${emulator.projectId} listening on ${emulator.url}` +
      `${values.data ? ` (data: ${values.data})` : ''}${values.rules ? ` (rules: ${values.rules})` : ' (no rules)'}`,
  );
  const shutdown = async (): Promise<void> => {
    await emulator.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}
