import { useId, type ReactNode } from 'react';
import './ps-base.css';

/** The button text of every detail page's error state. */
export const RETRY_LABEL = 'Retry';

/**
 * A detail page whose record could not be read (an outage, not a missing record): the page's heading, what
 * happened, and a Retry button that loads the record again. The text is a polite live region, like the
 * loading text it replaces, so a screen reader hears that the load failed.
 */
export function LoadErrorCard({ title, children, onRetry }: { title: string; children: ReactNode; onRetry: () => void }) {
  const headingId = useId();
  return (
    <section className="ps-card ps-load-error" aria-labelledby={headingId}>
      <h1 id={headingId}>{title}</h1>
      <p role="status">{children}</p>
      <button type="button" className="ps-btn ps-btn--primary" onClick={onRetry}>
        {RETRY_LABEL}
      </button>
    </section>
  );
}
