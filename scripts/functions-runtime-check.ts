// The functions predeploy check (firebase.json → functions.predeploy): refuse a deploy whose Node.js runtime Google
// has decommissioned (it would be rejected by the deploy anyway, after the build, with a less clear message) or
// whose `engines.node` disagrees with firebase.json's runtime.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Cloud Run functions' Node.js support schedule (docs.cloud.google.com/functions/docs/runtime-support): after the
 * decommission date a runtime can no longer be deployed. Update this table when Google publishes a new runtime.
 */
export const NODE_RUNTIMES: Readonly<Record<string, { deprecation: string; decommission: string }>> = {
  nodejs24: { deprecation: '2028-04-30', decommission: '2028-10-31' },
  nodejs22: { deprecation: '2027-04-30', decommission: '2027-10-31' },
  nodejs20: { deprecation: '2026-04-30', decommission: '2026-10-30' },
  nodejs18: { deprecation: '2025-04-30', decommission: '2025-10-30' },
  nodejs16: { deprecation: '2024-01-30', decommission: '2025-01-30' },
  nodejs14: { deprecation: '2024-01-30', decommission: '2025-01-30' },
  nodejs12: { deprecation: '2024-01-30', decommission: '2025-01-30' },
};

export interface RuntimeVerdict {
  problems: string[];
  warnings: string[];
}

/** The verdict for `runtime` (firebase.json functions.runtime) and `enginesNode` (functions/package.json) on `today`. */
export function checkFunctionsRuntime(runtime: unknown, enginesNode: unknown, today: Date): RuntimeVerdict {
  const problems: string[] = [];
  const warnings: string[] = [];
  const day = today.toISOString().slice(0, 10);
  const schedule = typeof runtime === 'string' ? NODE_RUNTIMES[runtime] : undefined;
  if (!schedule) {
    problems.push(`Unknown functions runtime ${JSON.stringify(runtime)}: use one of ${Object.keys(NODE_RUNTIMES).join(', ')}.`);
    return { problems, warnings };
  }
  if (day >= schedule.decommission) {
    problems.push(`The functions runtime ${runtime} was decommissioned by Google on ${schedule.decommission}: deploys are refused. Move firebase.json and functions/package.json to a supported runtime (nodejs22 or later).`);
  } else if (day >= schedule.deprecation) {
    warnings.push(`The functions runtime ${runtime} is deprecated since ${schedule.deprecation} and will be decommissioned on ${schedule.decommission}.`);
  }
  const major = String(runtime).replace('nodejs', '');
  if (String(enginesNode ?? '') !== major) {
    problems.push(`functions/package.json engines.node is ${JSON.stringify(enginesNode)} but firebase.json deploys ${runtime}: make it "${major}".`);
  }
  return { problems, warnings };
}

/** Reads firebase.json and functions/package.json under `root`. */
export function checkFunctionsRuntimeFiles(root: string, today = new Date()): RuntimeVerdict {
  const firebase = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as { functions?: { runtime?: unknown } };
  const pkg = JSON.parse(readFileSync(join(root, 'functions', 'package.json'), 'utf8')) as { engines?: { node?: unknown } };
  return checkFunctionsRuntime(firebase.functions?.runtime, pkg.engines?.node, today);
}
