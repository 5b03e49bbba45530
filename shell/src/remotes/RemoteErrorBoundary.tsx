import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Which part of the site failed, for the message ("the market pages", "the admin console"). */
  area: string;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Keeps a remote that is down or throws inside the shell's layout, with a retry. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[shell] ${this.props.area} failed to load or render`, error, info.componentStack);
  }

  private retry = (): void => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <section className="remote-fallback" role="alert" aria-labelledby="remote-fallback-title">
        <h1 id="remote-fallback-title">This part of the site is unavailable</h1>
        <p>
          We could not load {this.props.area}. The rest of the site still works: check your connection and try
          again.
        </p>
        <button type="button" className="btn btn-primary" onClick={this.retry}>
          Retry
        </button>
      </section>
    );
  }
}
