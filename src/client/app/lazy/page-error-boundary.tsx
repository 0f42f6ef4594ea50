import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorNotice } from './error-notice';
import { translate } from '../../i18n/current';

interface State {
  error: Error | null;
}

interface Props {
  children: ReactNode;
  /** Navigating elsewhere (a new value) clears the error; the page itself is not remounted. */
  resetKey: string;
}

/**
 * Shows a page that failed (its code could not load: ChunkLoadError, or it crashed) with a
 * Reload button; the rest of the shell keeps working.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  override componentDidUpdate(previous: Props): void {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(_error: Error, _info: ErrorInfo): void {
    // Shown on screen; the portal writes nothing to the console (spec 000 §8).
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <ErrorNotice
        error={error}
        title={translate(error.name === 'ChunkLoadError' ? 'shell.page_not_loaded' : 'shell.page_failed')}
      />
    );
  }
}
