/**
 * Command line: `node local-backend/bin/firestore-emulator.mjs [--port 8080] [--host 127.0.0.1]
 * [--project demo-sbc-tycoon] [--data .local-data] [--import file.json] [--rules firestore.rules | --no-rules] [--indexes firestore.indexes.json] [--log]`.
 * Rules default to the repository's firestore.rules: a Firestore that silently allows everything would hide
 * exactly the mistakes the emulator exists to catch, so switching them off takes `--no-rules` and says so.
 * Composite indexes default to the repository's firestore.indexes.json: a query production would refuse fails here too.
 * Stops cleanly (saving `--data`) on SIGINT/SIGTERM.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadRulesFile } from '../rules';
import { startFirestoreEmulator, type RunningFirestoreEmulator } from './emulator';
import { loadIndexesFile } from './index-requirements';

/** This file is loaded as CommonJS (tsx, jest), so __dirname is local-backend/src/firestore. */
export const DEFAULT_RULES_FILE = join(__dirname, '..', '..', '..', 'firestore.rules');
export const DEFAULT_INDEXES_FILE = join(__dirname, '..', '..', '..', 'firestore.indexes.json');

export interface EmulatorCliOptions {
  port: number;
  host: string;
  projectId: string;
  dataDir?: string;
  importFile?: string;
  /** undefined only with --no-rules. */
  rulesFile?: string;
  indexesFile: string;
  log: boolean;
}

/** Pure: argv → options; throws with a message naming the flag on bad input. */
export function parseEmulatorArgs(argv: string[]): EmulatorCliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      project: { type: 'string', default: 'demo-sbc-tycoon' },
      data: { type: 'string' },
      import: { type: 'string' },
      rules: { type: 'string' },
      'no-rules': { type: 'boolean', default: false },
      indexes: { type: 'string' },
      log: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.rules !== undefined && values['no-rules']) throw new Error('--rules and --no-rules cannot be combined');
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0–65535, got '${values.port}'`);
  return {
    port,
    host: values.host!,
    projectId: values.project!,
    dataDir: values.data,
    importFile: values.import,
    rulesFile: values['no-rules'] ? undefined : (values.rules ?? DEFAULT_RULES_FILE),
    indexesFile: values.indexes ?? DEFAULT_INDEXES_FILE,
    log: values.log!,
  };
}

/** Starts the emulator the command line describes and prints where it listens and which rules it enforces. */
export async function startFromArgs(argv: string[], print: (line: string) => void = console.log): Promise<RunningFirestoreEmulator> {
  const options = parseEmulatorArgs(argv);
  const emulator = await startFirestoreEmulator({
    port: options.port,
    host: options.host,
    projectId: options.projectId,
    dataDir: options.dataDir,
    importFile: options.importFile,
    rules: options.rulesFile ? loadRulesFile(options.rulesFile) : undefined,
    indexes: loadIndexesFile(options.indexesFile),
    log: options.log,
  });
  print(
    `Firestore emulator for ${emulator.projectId} listening on ${emulator.url}` +
      `${options.dataDir ? ` (data: ${options.dataDir})` : ''}${options.rulesFile ? ` (rules: ${options.rulesFile})` : ''}`,
  );
  if (!options.rulesFile) print('WARNING: --no-rules: security rules are OFF, every request is allowed.');
  return emulator;
}

export async function main(argv: string[]): Promise<void> {
  const emulator = await startFromArgs(argv);
  const shutdown = async (): Promise<void> => {
    await emulator.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}
