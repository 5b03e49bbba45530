import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { ScrollToTop } from './ScrollToTop';

/** A page whose anchor target appears late, as when a remote is still loading. */
function LatePage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 350);
    return () => clearTimeout(timer);
  }, []);
  return ready ? <h2 id="how-to-play">How to play</h2> : <p>Loading…</p>;
}

function renderApp() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <ScrollToTop />
      <nav>
        <Link to="/faq">FAQ</Link>
        <Link to="/late#how-to-play">How to play</Link>
      </nav>
      <Routes>
        <Route path="/" element={<h1>Home</h1>} />
        <Route path="/faq" element={<h1>FAQ</h1>} />
        <Route path="/late" element={<LatePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ScrollToTop', () => {
  const scrollIntoView = jest.fn();
  let scrollTo: jest.SpyInstance;

  beforeEach(() => {
    jest.useFakeTimers();
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => {});
    scrollIntoView.mockReset();
    Element.prototype.scrollIntoView = scrollIntoView;
  });

  afterEach(() => {
    jest.useRealTimers();
    scrollTo.mockRestore();
  });

  it('scrolls to the top on every navigation without an anchor', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderApp();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollTo.mockClear();
    await user.click(screen.getByRole('link', { name: 'FAQ' }));
    expect(screen.getByRole('heading', { name: 'FAQ' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('honours an anchor whose element is rendered late, instead of scrolling to the top', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderApp();
    scrollTo.mockClear();
    await user.click(screen.getByRole('link', { name: 'How to play' }));
    for (let step = 0; step < 6; step++) {
      await act(async () => {
        jest.advanceTimersByTime(100);
      });
    }
    expect(screen.getByRole('heading', { name: 'How to play' })).toBeInTheDocument();
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(screen.getByRole('heading', { name: 'How to play' }));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
