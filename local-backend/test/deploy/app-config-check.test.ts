/**
 * The shell's Hosting predeploy check (scripts/check-app-config.ts): a deploy goes ahead only with a filled-in
 * production /app-config.json; the committed template, the local stack's config, a missing or broken file
 * are refused with the reason.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkAppConfigFile, productionConfigProblems, TEMPLATE_PATH } from '../../../scripts/app-config-check';
import { buildLocalRuntimeConfig } from '../../src/static-server/app-config';

const ROOT = join(__dirname, '../../..');
const template = JSON.parse(readFileSync(join(ROOT, TEMPLATE_PATH), 'utf8')) as Record<string, unknown>;

const filled = {
  remotes: {
    publicSite: 'https://sbc-tycoon-public-site.web.app/mf-manifest.json',
    adminConsole: 'https://sbc-tycoon-admin-console.web.app/mf-manifest.json',
  },
  firebase: { apiKey: 'AIzaSyExample', authDomain: 'sbc-tycoon.firebaseapp.com', projectId: 'sbc-tycoon', appId: '1:123:web:abc' },
  registerUrl: 'https://europe-west1-sbc-tycoon.cloudfunctions.net/registerUser',
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sbc-app-config-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const write = (text: string) => {
  const file = join(dir, 'app-config.json');
  writeFileSync(file, text);
  return file;
};

test('a filled-in production config passes', () => {
  expect(productionConfigProblems(filled)).toEqual([]);
  expect(productionConfigProblems({ ...filled, $comment: 'notes are allowed' })).toEqual([]);
});

test('the committed template has the shape the shell reads, but every value is still a placeholder', () => {
  const problems = productionConfigProblems(template);
  expect(problems).toHaveLength(7);
  expect(problems).toContain('firebase.projectId still holds the template\'s placeholder "your-project-id"');
  expect(problems).toContain('firebase.apiKey still holds the template\'s placeholder "REPLACE_WITH_WEB_API_KEY"');
  expect(problems.join('\n')).not.toMatch(/must be a non-empty string|must be an object/);
});

test('one value left from the template is enough to refuse', () => {
  const oneLeft = { ...filled, remotes: { ...filled.remotes, adminConsole: (template.remotes as Record<string, string>).adminConsole } };
  expect(productionConfigProblems(oneLeft)).toEqual([
    'remotes.adminConsole still holds the template\'s placeholder "https://your-project-id-admin-console.web.app/mf-manifest.json"',
  ]);
});

test("the local stack's config is refused: emulators, a demo- project, http URLs", () => {
  const local = buildLocalRuntimeConfig({ publicSitePort: 3001, adminConsolePort: 3002, authPort: 9099, functionsPort: 5001, firestorePort: 8080 });
  expect(productionConfigProblems(local)).toEqual([
    'emulators must not be present in production (it points browsers at local emulators)',
    'firebase.projectId "demo-sbc-tycoon" is a demo- project, which only exists in the emulators',
    'remotes.publicSite must be an https:// URL (got "http://localhost:3001/mf-manifest.json")',
    'remotes.adminConsole must be an https:// URL (got "http://localhost:3002/mf-manifest.json")',
    'registerUrl must be an https:// URL (got "http://127.0.0.1:5001/demo-sbc-tycoon/europe-west1/registerUser")',
  ]);
});

test("the shell's own reader decides the shape; a remote must be named by its manifest", () => {
  const { registerUrl: _omitted, ...noRegisterUrl } = filled;
  expect(productionConfigProblems(noRegisterUrl)).toEqual(['registerUrl must be a non-empty string']);
  expect(productionConfigProblems([])).toEqual(['the file must contain a JSON object']);
  const siteRoot = { ...filled, remotes: { ...filled.remotes, publicSite: 'https://sbc-tycoon-public-site.web.app/' } };
  expect(productionConfigProblems(siteRoot)).toEqual(["remotes.publicSite must be the URL of the remote's mf-manifest.json"]);
});

test('a missing file, an HTML page or broken JSON are refused with what to do', () => {
  const missing = checkAppConfigFile(join(dir, 'nothing.json'));
  expect(missing.problems).toHaveLength(1);
  expect(missing.message).toMatch(/nothing\.json is missing: Hosting would answer \/app-config\.json with index\.html/);
  expect(missing.message).toContain(`Copy ${TEMPLATE_PATH} to`);
  expect(checkAppConfigFile(write('<!doctype html><html></html>')).message).toMatch(/is not valid JSON/);
});

describe('the predeploy command', () => {
  const run = (file: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-app-config.ts', file], { cwd: ROOT, encoding: 'utf8' });

  test('exits 1 and lists the placeholders for the template as is', () => {
    const result = run(write(JSON.stringify(template)));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/is not ready for production:\n {2}- remotes\.publicSite still holds the template's placeholder/);
  });

  test('exits 0 for a filled-in config', () => {
    const result = run(write(JSON.stringify(filled)));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/production runtime config OK \(project sbc-tycoon\)/);
  });
});
