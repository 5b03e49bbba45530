/**
 * The functions predeploy check (scripts/check-functions-runtime.ts): a deploy on a runtime Google decommissioned
 * is refused with the date; the committed firebase.json and functions/package.json pass today.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { checkFunctionsRuntime, checkFunctionsRuntimeFiles } from '../../../scripts/functions-runtime-check';

const ROOT = join(__dirname, '../../..');

describe('checkFunctionsRuntime', () => {
  it.each<[string, unknown, string, string[], string[]]>([
    ['nodejs22', '22', '2026-11-23', [], []],
    ['nodejs24', '24', '2026-11-23', [], []],
    [
      'nodejs20',
      '20',
      '2026-11-23',
      ['The functions runtime nodejs20 was decommissioned by Google on 2026-10-30: deploys are refused. Move firebase.json and functions/package.json to a supported runtime (nodejs22 or later).'],
      [],
    ],
    [
      'nodejs20',
      '20',
      '2026-10-30',
      ['The functions runtime nodejs20 was decommissioned by Google on 2026-10-30: deploys are refused. Move firebase.json and functions/package.json to a supported runtime (nodejs22 or later).'],
      [],
    ],
    ['nodejs20', '20', '2026-10-29', [], ['The functions runtime nodejs20 is deprecated since 2026-04-30 and will be decommissioned on 2026-10-30.']],
    ['nodejs22', '22', '2027-05-01', [], ['The functions runtime nodejs22 is deprecated since 2027-04-30 and will be decommissioned on 2027-10-31.']],
    ['nodejs22', '20', '2026-11-23', ['functions/package.json engines.node is "20" but firebase.json deploys nodejs22: make it "22".'], []],
    ['nodejs22', undefined, '2026-11-23', ['functions/package.json engines.node is undefined but firebase.json deploys nodejs22: make it "22".'], []],
    ['node22', '22', '2026-11-23', ['Unknown functions runtime "node22": use one of nodejs24, nodejs22, nodejs20, nodejs18, nodejs16, nodejs14, nodejs12.'], []],
  ])('%s with engines %p on %s', (runtime, engines, day, problems, warnings) => {
    expect(checkFunctionsRuntime(runtime, engines, new Date(`${day}T12:00:00Z`))).toEqual({ problems, warnings });
  });
});

describe('the committed configuration', () => {
  it('deploys a supported runtime today and until its decommission date', () => {
    expect(checkFunctionsRuntimeFiles(ROOT, new Date('2026-11-23T00:00:00Z'))).toEqual({ problems: [], warnings: [] });
  });

  it('firebase.json runs the check before building the function', () => {
    const firebase = require(join(ROOT, 'firebase.json')) as { functions: { predeploy: string[] } };
    expect(firebase.functions.predeploy[0]).toBe('node --import tsx scripts/check-functions-runtime.ts');
  });

  it('the predeploy command exits 0 on the committed files', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-functions-runtime.ts'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stdout).toContain('The functions runtime is supported.');
    expect(run.status).toBe(0);
  });
});
