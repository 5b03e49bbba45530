import type { ReactNode } from 'react';
import './ps-base.css';

export type StateKind = 'loading' | 'empty' | 'error';

/**
 * Loading, empty and failure texts. Loading and empty are polite live regions so screen readers hear the
 * page change; errors too (not role=alert: a failed list is not an emergency).
 */
export function StateMessage({ kind, children }: { kind: StateKind; children: ReactNode }) {
  return (
    <p className={`ps-state ps-state--${kind}`} role="status" aria-live="polite" aria-busy={kind === 'loading' || undefined}>
      {children}
    </p>
  );
}
