/**
 * Rendered with react-dom directly: @testing-library/dom (peer of @testing-library/react) is not installed.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Component, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { createFakeGateway } from '../data/fake-gateway';
import { MemoryStorage } from '../data/memory-storage';
import { StoreProvider, useRootStore } from './context';
import { RootStore } from './root-store';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  jest.restoreAllMocks();
});

class Catch extends Component<{ children: ReactNode }, { message: string | null }> {
  override state = { message: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { message: error.message };
  }
  override render() {
    return this.state.message ?? this.props.children;
  }
}

it('throws a clear error outside a provider', () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  const Reader = () => <p>{useRootStore().game.dateState}</p>;
  act(() => root.render(<Catch><Reader /></Catch>));
  expect(container.textContent).toContain('useRootStore() was called outside <StoreProvider>');
});

it('gives components the provided store, and observers re-render on its changes', async () => {
  const store = new RootStore(createFakeGateway({ gameDate: new Date('2031-01-01T00:00:00Z') }), { storage: new MemoryStorage() });
  const DateState = observer(() => <p>{useRootStore().game.dateState}</p>);
  act(() =>
    root.render(
      <StoreProvider store={store}>
        <DateState />
      </StoreProvider>,
    ),
  );
  expect(container.textContent).toBe('idle');
  await act(() => store.game.loadDate());
  expect(container.textContent).toBe('ready');
});
