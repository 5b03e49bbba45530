import { Link } from 'react-router-dom';
import { act, screen, waitFor } from '@testing-library/react';
import { renderPage } from '../test/render-page';
import { useTableUrlState } from './use-table-url-state';

/** A table's state as text, with buttons that change it and a link that changes the URL from outside. */
function Probe() {
  const table = useTableUrlState({ sortKey: 'name', direction: 'asc' });
  return (
    <>
      <p data-testid="state">{`${table.sortKey} ${table.direction} "${table.query}"`}</p>
      <button type="button" onClick={() => table.setSort('price', 'desc')}>Sort by price</button>
      <button type="button" onClick={() => table.setQuery('he')}>Filter</button>
      <Link to="/t?sort=supply&dir=asc&q=x">Shared link</Link>
    </>
  );
}

const state = () => screen.getByTestId('state').textContent;

describe('useTableUrlState', () => {
  it('reads the URL, with the defaults where it says nothing', () => {
    renderPage(<Probe />, { url: '/t?q=bolt', pattern: '/t' });
    expect(state()).toBe('name asc "bolt"');
  });

  it('answers at once and writes sort and filter to the URL, keeping the other parameters', async () => {
    const { location } = renderPage(<Probe />, { url: '/t?sector=food', pattern: '/t' });
    act(() => screen.getByRole('button', { name: 'Sort by price' }).click());
    expect(state()).toBe('price desc ""');
    act(() => screen.getByRole('button', { name: 'Filter' }).click());
    expect(state()).toBe('price desc "he"');
    await waitFor(() => expect(location()).toBe('/t?sector=food&sort=price&dir=desc&q=he'));
    expect(state()).toBe('price desc "he"');
  });

  it('a URL change it did not write (a link, back, forward) replaces its state', async () => {
    renderPage(<Probe />, { url: '/t', pattern: '/t' });
    act(() => screen.getByRole('button', { name: 'Sort by price' }).click());
    act(() => screen.getByRole('link', { name: 'Shared link' }).click());
    await waitFor(() => expect(state()).toBe('supply asc "x"'));
  });
});
