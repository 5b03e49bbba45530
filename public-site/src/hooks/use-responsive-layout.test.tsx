import { act, render, screen } from '@testing-library/react';
import { installViewport } from '../test/match-media';
import { useResponsiveLayout } from './use-responsive-layout';

function Probe() {
  return <output>{useResponsiveLayout()}</output>;
}

describe('useResponsiveLayout', () => {
  it.each([
    [1280, 'wide'],
    [721, 'wide'],
    [720, 'narrow'],
    [390, 'narrow'],
  ])('at %i px renders the %s layout', (width, layout) => {
    const viewport = installViewport(width);
    try {
      render(<Probe />);
      expect(screen.getByRole('status')).toHaveTextContent(layout);
    } finally {
      viewport.uninstall();
    }
  });

  it('follows the viewport across the breakpoint', () => {
    const viewport = installViewport(1280);
    try {
      render(<Probe />);
      act(() => viewport.resize(390));
      expect(screen.getByRole('status')).toHaveTextContent('narrow');
      act(() => viewport.resize(1024));
      expect(screen.getByRole('status')).toHaveTextContent('wide');
    } finally {
      viewport.uninstall();
    }
  });

  it('renders both layouts where the width cannot be known (no matchMedia)', () => {
    expect(window.matchMedia).toBeUndefined();
    render(<Probe />);
    expect(screen.getByRole('status')).toHaveTextContent('both');
  });
});
