import { MemoryRouter } from 'react-router-dom';
import { renderToString } from 'react-dom/server';
import { render, screen, within } from '@testing-library/react';
// The published document of the API (tests may read across workspaces): the page must present all of it.
import openApiDocument from '../../../../../functions/src/open-data/openapi.json';
import { ApiDocsPage, EXAMPLE_ORIGIN_PLACEHOLDER } from './ApiDocsPage';

const renderPage = () => render(<MemoryRouter><ApiDocsPage /></MemoryRouter>);

/** Every property name of the document's schemas (the fields a client sees). */
function schemaFields(): string[] {
  const names = new Set<string>();
  const visit = (schema: unknown) => {
    if (!schema || typeof schema !== 'object') return;
    const { properties, allOf, items } = schema as { properties?: Record<string, unknown>; allOf?: unknown[]; items?: unknown };
    for (const [name, child] of Object.entries(properties ?? {})) {
      names.add(name);
      visit(child);
    }
    for (const part of allOf ?? []) visit(part);
    visit(items);
  };
  for (const schema of Object.values(openApiDocument.components.schemas)) visit(schema);
  return [...names].sort();
}

describe('ApiDocsPage', () => {
  it('presents every endpoint of the OpenAPI document (JSON and .csv) and its query parameters', () => {
    renderPage();
    const endpoints = screen.getByRole('table', { name: 'Endpoints' });
    const listed = within(endpoints)
      .getAllByRole('rowheader')
      .map((cell) => `/api/v1${cell.textContent}`);
    const documented = Object.keys(openApiDocument.paths).filter((path) => !path.endsWith('.csv'));
    expect(listed.sort()).toEqual(documented.sort());
    for (const path of Object.keys(openApiDocument.paths).filter((p) => p.endsWith('.csv'))) {
      expect(documented).toContain(path.replace(/\.csv$/, ''));
    }
    for (const parameter of Object.values(openApiDocument.components.parameters).filter((p) => p.in === 'query')) {
      expect(screen.getAllByText(parameter.name, { selector: 'code' }).length).toBeGreaterThan(0);
    }
  });

  it('names every field of every answer, with its unit', () => {
    renderPage();
    const shown = new Set([...document.querySelectorAll('code')].map((code) => code.textContent));
    const missing = schemaFields().filter((field) => !shown.has(field) && !['data', 'meta', 'error', 'code', 'message'].includes(field));
    expect(missing).toEqual([]);
    // The envelope and error fields are in the prose.
    expect(document.body.textContent).toContain('{ "error": { "code": "not_found", "message": "…" } }');
  });

  it('lists every error code of the document with its status', () => {
    renderPage();
    const errors = screen.getByRole('table', { name: 'Errors' });
    const codes = within(errors)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    const documented = openApiDocument.components.schemas.Error.properties.error.properties.code.enum;
    expect(codes).toEqual(documented);
  });

  it('links the OpenAPI document and gives curl and spreadsheet examples with this site’s address', () => {
    renderPage();
    expect(screen.getByRole('link', { name: '/api/v1/openapi.json' })).toHaveAttribute('href', '/api/v1/openapi.json');
    expect(screen.getByText(`curl "${window.location.origin}/api/v1/products?sector=energy&limit=5"`)).toBeInTheDocument();
    expect(screen.getByText(`=IMPORTDATA("${window.location.origin}/api/v1/products.csv?sector=energy")`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Open data API' })).toBeInTheDocument();
  });

  it('on the server, before the address is known, the examples show a placeholder', () => {
    const html = renderToString(<MemoryRouter><ApiDocsPage /></MemoryRouter>);
    expect(html).toContain(`=IMPORTDATA(&quot;${EXAMPLE_ORIGIN_PLACEHOLDER.replace('<', '&lt;').replace('>', '&gt;')}/api/v1/products.csv?sector=energy&quot;)`);
  });
});
