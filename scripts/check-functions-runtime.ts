// Functions predeploy check (firebase.json): `node --import tsx scripts/check-functions-runtime.ts`.
// Exit 1 with the reasons when the runtime is decommissioned, unknown, or disagrees with engines.node.
import { join } from 'node:path';
import { checkFunctionsRuntimeFiles } from './functions-runtime-check';

const { problems, warnings } = checkFunctionsRuntimeFiles(join(__dirname, '..'));
for (const warning of warnings) console.warn(`warning: ${warning}`);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('The functions runtime is supported.');
