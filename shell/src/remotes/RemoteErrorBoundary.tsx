import { Component, type ErrorInfo, type ReactNode } from 'react';
import { defaultSessionStorage } from '@sbc/shared';
import { type FailureKind, reloadOnceForNewRelease } from './recovery';
import { NEW_RELEASE_RELOAD_BY_HAND, RELOAD_BUTTON, REMOTE_FAILURE_TEXT } from './remote-failure-text';
import { reportBoundaryError } from '../features/telemetry/telemetry';

interface Props {
  /** Which part of the site failed, for the message ("the market pages", "the admin console"). */
  area: string;
  /** Finds out why (./recovery.ts); the page's remote and release are bound by RemotePage. */
  diagnose: (error: unknown) => Promise<FailureKind>;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
  /** null while the cause is being found out. */
  kind: FailureKind | null;
  /** A new release whose automatic reload was not done (already tried for this address). */
  reloadByHand: boolean;
}

/**
 * Keeps a remote that is down, gone or throwing inside the shell's layout, and says which of these it is
 * (./recovery.ts): a new release loads by itself (once), offline retries when the connection is back, anything
 * else offers Retry, which fetches the remote's manifest anew.
 */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, kind: null, reloadByHand: false };
  private unmounted = false;

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error, kind: null, reloadByHand: false };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[shell] ${this.props.area} failed to load or render`, error, info.componentStack);
    reportBoundaryError(error);
    void this.props.diagnose(error).then((kind) => {
      if (this.unmounted || this.state.error !== error) return;
      const reloading = kind === 'new-release' && reloadOnceForNewRelease(window.location, defaultSessionStorage());
      this.setState({ kind, reloadByHand: kind === 'new-release' && !reloading });
      if (kind === 'offline') window.addEventListener('online', this.retry, { once: true });
    });
  }

  override componentWillUnmount(): void {
    this.unmounted = true;
    window.removeEventListener('online', this.retry);
  }

  private retry = (): void => {
    window.removeEventListener('online', this.retry);
    this.setState({ error: null, kind: null, reloadByHand: false });
    this.props.onRetry();
  };

  override render(): ReactNode {
    const { error, kind, reloadByHand } = this.state;
    if (!error) return this.props.children;
    if (kind === null) {
      return (
        <p className="remote-fallback" role="status">
          Loading…
        </p>
      );
    }
    const text = REMOTE_FAILURE_TEXT[kind];
    return (
      <section className="remote-fallback" role="alert" aria-labelledby="remote-fallback-title">
        <h1 id="remote-fallback-title">{text.title}</h1>
        <p>{text.body(this.props.area)}</p>
        {reloadByHand && <p>{NEW_RELEASE_RELOAD_BY_HAND}</p>}
        {reloadByHand && (
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            {RELOAD_BUTTON}
          </button>
        )}
        {kind !== 'new-release' && (
          <button type="button" className="btn btn-primary" onClick={this.retry}>
            Retry
          </button>
        )}
      </section>
    );
  }
}
