// Hosting predeploy check of the shell (firebase.json): `node --import tsx scripts/check-app-config.ts [file]`.
// Exit 1 with the reasons when the shell's /app-config.json is missing, invalid or still the template.
import { checkAppConfigFile } from './app-config-check';

const file = process.argv[2] ?? 'shell/dist/app-config.json';
const { problems, message } = checkAppConfigFile(file);
if (problems.length > 0) {
  console.error(message);
  process.exit(1);
}
console.log(message);
