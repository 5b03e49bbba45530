/**
 * The published document (functions/src/open-data/openapi.json) and the code cannot drift apart: the committed
 * types the handlers use are what openapi-typescript generates from it today, and every documented path and query
 * parameter is one the request parser takes (and the other way round). Redocly's lint of the document runs in
 * `npm run lint`.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import openApiDocument from '../src/open-data/openapi.json';
import { PARAMETERS, parseRoute } from '../src/open-data/request';

const REPO = join(__dirname, '..', '..');

describe('openapi.json and the code', () => {
  it('the committed openapi-types.ts is a fresh generation from openapi.json (openapi-typescript 7.13.0)', () => {
    // Exits 1 with a message when they differ; TypeScript 5's load makes this take a few seconds.
    const output = execFileSync(process.execPath, [join(REPO, 'tools', 'openapi', 'generate-types.mjs'), '--check'], { encoding: 'utf8' });
    expect(output).toContain('domain/src/open-data/openapi-types.ts matches functions/src/open-data/openapi.json');
  }, 60_000);

  const documented = Object.entries(openApiDocument.paths).map(([path, item]) => {
    const operation = item.get as { parameters?: Array<{ $ref: string }> };
    const names = (operation.parameters ?? []).map(({ $ref }) => {
      const key = $ref.split('/').pop() as keyof typeof openApiDocument.components.parameters;
      return openApiDocument.components.parameters[key];
    });
    return { path, query: names.filter((p) => p.in === 'query').map((p) => p.name).sort() };
  });

  /** The least query each path needs to be answered (its required parameters). */
  const sampleQuery = (path: string) => (path.includes('/history') ? '?products=x' : path.includes('/plan/suggestions') ? '?sbc=1&slots=1&hours=1' : '');

  it.each(documented)('$path is served with the documented query parameters', ({ path, query }) => {
    const route = parseRoute(path.replace('{slug}', 'solar-panel').replace('{name}', 'Silicio'), sampleQuery(path));
    expect([...PARAMETERS[route.kind]].sort()).toEqual(query);
    expect(path.endsWith('.csv') ? 'csv' : 'json').toBe('format' in route ? route.format : 'json');
  });

  it('every endpoint of the parser is documented, in JSON and CSV', () => {
    const kinds = new Set(documented.map(({ path }) => parseRoute(path.replace('{slug}', 'x').replace('{name}', 'x'), sampleQuery(path)).kind));
    expect([...kinds].sort()).toEqual(Object.keys(PARAMETERS).filter((kind) => kind !== 'openapi').sort());
    expect(documented).toHaveLength(2 * kinds.size);
  });
});
