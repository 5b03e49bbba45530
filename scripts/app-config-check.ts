/**
 * Whether a runtime config (/app-config.json) is fit for a production deploy of the shell: valid for the
 * shell's own reader, and no longer the committed template (deploy/app-config.production.json). Without the
 * file Hosting's '**' rewrite would answer /app-config.json with index.html and the shell would stop at its
 * startup error, so the deploy is refused instead (firebase.json: hosting[shell].predeploy).
 */
import { existsSync, readFileSync } from 'node:fs';
import { runtimeConfigProblems } from '../shared/src/config/load-runtime-config';

export const TEMPLATE_PATH = 'deploy/app-config.production.json';

/** The template's placeholder values; a real project id never contains them. */
const PLACEHOLDER = /your-project-id|REPLACE_WITH_[A-Z0-9_]*/;

/** Every problem of a candidate production config, as 'field: what is wrong'; empty when deployable. */
export function productionConfigProblems(value: unknown): string[] {
  const problems = runtimeConfigProblems(value);
  if (problems.length > 0) return problems;
  const config = value as Record<string, unknown> & {
    remotes: Record<string, string>;
    firebase: Record<string, string>;
    registerUrl: string;
  };
  for (const [path, text] of stringLeaves(config)) {
    if (path !== '$comment' && PLACEHOLDER.test(text)) problems.push(`${path} still holds the template's placeholder "${text}"`);
  }
  if (config.emulators !== undefined) {
    problems.push('emulators must not be present in production (it points browsers at local emulators)');
  }
  if (config.firebase.projectId.startsWith('demo-')) {
    problems.push(`firebase.projectId "${config.firebase.projectId}" is a demo- project, which only exists in the emulators`);
  }
  for (const [path, url] of [
    ['remotes.publicSite', config.remotes.publicSite],
    ['remotes.adminConsole', config.remotes.adminConsole],
    ['registerUrl', config.registerUrl],
  ] as const) {
    if (!isHttpsUrl(url)) problems.push(`${path} must be an https:// URL (got "${url}")`);
  }
  for (const path of ['publicSite', 'adminConsole'] as const) {
    if (isHttpsUrl(config.remotes[path]) && !new URL(config.remotes[path]).pathname.endsWith('/mf-manifest.json')) {
      problems.push(`remotes.${path} must be the URL of the remote's mf-manifest.json`);
    }
  }
  return problems;
}

/** Reads and checks the file; `problems` is empty when it can be deployed, `message` says what to do otherwise. */
export function checkAppConfigFile(file: string): { problems: string[]; message: string } {
  const fix =
    `Copy ${TEMPLATE_PATH} to ${file} after building the shell (the build empties dist/), ` +
    'fill in the production values, then deploy again (README: "Build and deploy each app alone").';
  if (!existsSync(file)) {
    const problems = [`${file} is missing: Hosting would answer /app-config.json with index.html and the shell would not start`];
    return { problems, message: `${problems[0]}.\n${fix}` };
  }
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const problems = [`${file} is not valid JSON (${error instanceof Error ? error.message : String(error)})`];
    return { problems, message: `${problems[0]}.\n${fix}` };
  }
  const problems = productionConfigProblems(value);
  const message =
    problems.length === 0
      ? `${file}: production runtime config OK (project ${(value as { firebase: { projectId: string } }).firebase.projectId}).`
      : `${file} is not ready for production:\n${problems.map((p) => `  - ${p}`).join('\n')}\n${fix}`;
  return { problems, message };
}

function* stringLeaves(value: unknown, path = ''): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) yield* stringLeaves(child, path ? `${path}.${key}` : key);
  }
}

function isHttpsUrl(text: string): boolean {
  try {
    return new URL(text).protocol === 'https:';
  } catch {
    return false;
  }
}
