import { screen, within } from '@testing-library/react';
import { Outlet, Route, useParams } from 'react-router-dom';
import { GatewayError, GatewayErrorCode } from '@sbc/shared';
import { fakeMaterial, fakeProduct, type FakeGatewaySeed } from '@sbc/shared/src/testing/fakes';
import { currentLocation, renderShell, settle } from '../../testing/render-shell';
import { HeaderSearch } from './HeaderSearch';

function Detail({ kind }: { kind: string }) {
  const { slug } = useParams();
  return <h1>{`${kind} ${slug}`}</h1>;
}

const routes = (
  <Route
    element={
      <>
        <HeaderSearch />
        <Outlet />
        <label>
          Notes
          <input />
        </label>
      </>
    }
  >
    <Route index element={<h1>Home page</h1>} />
    <Route path="products" element={<h1>Products page</h1>} />
    <Route path="products/:slug" element={<Detail kind="Product" />} />
    <Route path="materials/:slug" element={<Detail kind="Material" />} />
  </Route>
);

const seed: FakeGatewaySeed = {
  products: [
    fakeProduct({ id: 'energy_solar_panel', name: 'Solar Panel', slug: 'solar-panel', category: 'energy' }),
    fakeProduct({ id: 'energy_wind_turbine', name: 'Wind Turbine', slug: 'wind-turbine', category: 'energy' }),
    fakeProduct({ id: 'food_caffe', name: 'Caffè Espresso', slug: 'caffe-espresso', category: 'food' }),
    fakeProduct({ id: 'construction_steel_beam', name: 'Steel Beam', slug: 'steel-beam', category: 'construction' }),
  ],
  materials: [fakeMaterial({ name: 'Steel' }), fakeMaterial({ name: 'Copper' })],
};

const box = () => screen.getByRole('combobox', { name: 'Search the market' });
const options = () => screen.queryAllByRole('option').map((o) => o.textContent);

describe('header search', () => {
  it('reads the index only when first used, once', async () => {
    const { user, gateway } = await renderShell(routes, { seed });
    expect(gateway.calls.filter((c) => c.method === 'market.getCatalogIndex')).toHaveLength(0);
    await user.click(box());
    await user.type(box(), 'so');
    await user.clear(box());
    await user.type(box(), 'wi');
    expect(gateway.calls.filter((c) => c.method === 'market.getCatalogIndex')).toHaveLength(1);
  });

  it('finds a product from a partial name with a typo and opens it on Enter', async () => {
    const { user } = await renderShell(routes, { seed });
    await user.type(box(), 'solr pan');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Search results' });
    expect(within(listbox).getByRole('group', { name: 'Products' })).toBeInTheDocument();
    expect(options()).toEqual(['Solar PanelProduct · energy']);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Product solar-panel' })).toBeInTheDocument();
    expect(box()).toHaveValue('');
  });

  it('groups products, materials and sectors; arrows move the highlight, Enter opens it', async () => {
    const { user } = await renderShell(routes, { seed });
    await user.type(box(), 'steel');
    expect(screen.getByRole('group', { name: 'Products' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Materials' })).toBeInTheDocument();
    expect(options()).toEqual(['Steel BeamProduct · construction', 'SteelMaterial']);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getByRole('option', { selected: true });
    expect(active).toHaveTextContent('Steel');
    expect(box()).toHaveAttribute('aria-activedescendant', active.id);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('Steel Beam');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(screen.getByRole('heading', { name: 'Material Steel' })).toBeInTheDocument();
  });

  it('a sector opens the products dashboard on it; accents and case do not matter', async () => {
    const { user } = await renderShell(routes, { seed });
    await user.type(box(), 'ENERGY');
    expect(screen.getByRole('group', { name: 'Sectors' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: /^energy\s*Sector$/ }));
    expect(currentLocation()).toBe('/products?sector=energy');
    await user.type(box(), 'caffe');
    expect(options()).toEqual(['Caffè EspressoProduct · food']);
  });

  it('Esc closes the list, a second Esc clears the text', async () => {
    const { user } = await renderShell(routes, { seed });
    await user.type(box(), 'wind');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveValue('wind');
    await user.keyboard('{Escape}');
    expect(box()).toHaveValue('');
  });

  it('says when nothing matches, and treats hostile text as text', async () => {
    const { user } = await renderShell(routes, { seed });
    await user.type(box(), '<img src=x onerror=alert(1)>');
    expect(screen.getByRole('status', { name: 'Search status' })).toHaveTextContent('No matches for “<img src=x onerror=alert(1)>”.');
    expect(document.querySelector('img')).toBeNull();
  });

  it('"/" and Ctrl+K focus the field from the page, but "/" can still be typed in a field', async () => {
    const { user } = await renderShell(routes, { seed });
    await user.click(screen.getByRole('heading', { name: 'Home page' }));
    await user.keyboard('/');
    expect(box()).toHaveFocus();
    expect(box()).toHaveValue('');
    await user.click(screen.getByRole('textbox', { name: 'Notes' }));
    await user.keyboard('a/b');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('a/b');
    await user.keyboard('{Control>}k{/Control}');
    expect(box()).toHaveFocus();
  });

  it('a failed index load says so and Retry loads it again', async () => {
    const { user, gateway } = await renderShell(routes, {
      seed: { ...seed, failing: { 'market.getCatalogIndex': new GatewayError(GatewayErrorCode.unavailable, 'offline') } },
    });
    jest.spyOn(console, 'error').mockImplementation(() => {});
    await user.type(box(), 'solar');
    await settle();
    expect(screen.getByRole('status', { name: 'Search status' })).toHaveTextContent('Search is unavailable right now.');
    gateway.fail('market.getCatalogIndex', undefined);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(options()).toEqual(['Solar PanelProduct · energy']);
  });
});
