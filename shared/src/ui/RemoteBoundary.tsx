import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../observability';
import styles from './RemoteBoundary.module.css';

interface Props {
  /** Which part of the page this is, for the message and for error reports. */
  region: string;
  children: ReactNode;
  /** Called when Retry is pressed, before the region renders again (e.g. to drop a cached failed load). */
  onRetry?: () => void;
  onError?: (error: Error, info: ErrorInfo) => void;
}

interface State {
  error: Error | null;
  attempt: number;
}

/**
 * Keeps a failing remote (one that cannot be loaded or that throws) inside its own region: the
 * rest of the page goes on working, and the shopper can retry.
 */
export class RemoteBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    reportError(`[${this.props.region}] failed to render`, error, { region: this.props.region, componentStack: info.componentStack });
    this.props.onError?.(error, info);
  }

  private retry = () => {
    this.props.onRetry?.();
    this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));
  };

  override render() {
    if (this.state.error) {
      return (
        <div role="alert" className={styles.box} data-remote-error={this.props.region}>
          <p className={styles.message}>Sorry, this part of the page could not be loaded.</p>
          <button type="button" className={styles.retry} onClick={this.retry}>
            Retry
          </button>
        </div>
      );
    }
    // The key makes Retry mount a fresh subtree rather than reuse the failed one.
    return <div key={this.state.attempt} style={{ display: 'contents' }}>{this.props.children}</div>;
  }
}
