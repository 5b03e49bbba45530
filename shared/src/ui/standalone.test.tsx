import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { REMOTE_ROUTES, type RemotePages } from '../route-manifest';
import { StandaloneRoutes } from './standalone';

/** A stand-in page per admin module, each a heading with its module id. */
const adminPages = Object.fromEntries(
  REMOTE_ROUTES.filter((r) => r.module.startsWith('adminConsole/')).map((r) => [r.module, () => <h1>{r.module}</h1>]),
) as unknown as RemotePages<'adminConsole'>;

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <StandaloneRoutes app="admin-console" remote="adminConsole" pages={adminPages} />
    </MemoryRouter>,
  );

describe('a remote standalone dev page, from the route manifest', () => {
  test('routes each manifest path of the remote to its page', () => {
    renderAt('/admin/json-editor');
    expect(screen.getByRole('heading', { name: 'adminConsole/JsonEditorPage' })).toBeInTheDocument();
  });

  test("any other path opens the remote's first page", () => {
    renderAt('/');
    expect(screen.getByRole('heading', { name: 'adminConsole/AdminDashboardPage' })).toBeInTheDocument();
  });

  test('links every page without a parameter, by its manifest label, and only its own remote', () => {
    renderAt('/admin');
    const nav = within(screen.getByRole('navigation', { name: 'admin-console standalone' }));
    expect(nav.getAllByRole('link').map((a) => a.textContent)).toEqual(['Dashboard', 'Add product', 'JSON editor', 'Add material', 'Edit material', 'Users', 'Salute', 'Catalogo']);
    expect(nav.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
  });
});
