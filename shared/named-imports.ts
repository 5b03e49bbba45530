/**
 * The names a tree of TypeScript sources takes at run time from one module (type-only imports left out, test files
 * and test helpers in `testing/` folders too): what a shared singleton must provide to those sources. Read from the text, no compiler needed, so it reads
 * an earlier release's checkout as well (the version-skew journey) as today's sources (shared/federation.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Each name `moduleName` is imported for (`import { a, b as c }`, `export { a } from`, `ns.a` of `import * as ns`), with a file that does. */
export function runtimeImports(dirs: string[], moduleName: string): Map<string, string> {
  const names = new Map<string, string>();
  const note = (name: string, file: string) => {
    if (!names.has(name)) names.set(name, file);
  };
  const from = `from '${escapeRegExp(moduleName)}'`;
  const visit = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) {
        if (!['node_modules', 'dist', 'testing'].includes(entry.name)) visit(child);
        continue;
      }
      if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
      const source = readFileSync(child, 'utf8');
      // A namespace import (the shell's server render hands the whole of @sbc/shared to the remote's Node build) is
      // checked by the names it reads: `shared.name`.
      for (const [, namespace] of source.matchAll(new RegExp(`import \\* as (\\w+) ${from}`, 'g'))) {
        for (const [, name] of source.matchAll(new RegExp(`\\b${namespace}\\.(\\w+)`, 'g'))) note(name, child);
      }
      for (const match of source.matchAll(new RegExp(`(?:import|export) (type )?\\{([^}]*)\\} ${from}`, 'g'))) {
        if (match[1]) continue;
        for (const specifier of match[2].split(',').map((part) => part.trim())) {
          if (!specifier || specifier.startsWith('type ')) continue;
          note(specifier.split(/\s+as\s+/)[0], child);
        }
      }
    }
  };
  for (const dir of dirs) visit(dir);
  return names;
}
