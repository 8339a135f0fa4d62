import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './ErrorPage';

interface Props {
  /** A new value (the current path) clears the error, so navigating away leaves the error page. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  failedKey: string | null;
}

/** Keeps the header and footer usable when one screen crashes. */
export class LayoutErrorBoundary extends Component<Props, State> {
  state: State = { error: null, failedKey: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error !== null && state.failedKey === null) return { failedKey: props.resetKey };
    if (state.error !== null && state.failedKey !== props.resetKey) return { error: null, failedKey: null };
    return null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Fehler in der Ansicht', error, info.componentStack);
  }

  private reset = () => this.setState({ error: null, failedKey: null });

  render() {
    if (this.state.error !== null) return <ErrorPage error={this.state.error} resetErrorBoundary={this.reset} />;
    return this.props.children;
  }
}
