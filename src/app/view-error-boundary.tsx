import { Component, type ReactNode } from 'react';
import { Msg } from '../i18n/msg';
import { isCodeLoadFailure, reloadForFailedCode } from './reload-for-failed-code';

/**
 * A view that fails to load (a lazy chunk missing offline or after a new release) or to
 * render shows a message with a reload button instead of taking the whole shell down. Back
 * online it tries the view again by itself (lazy-view.ts asks anew for a chunk that failed);
 * where the view's code failed to arrive while the browser was online, the page is loaded anew
 * (reload-for-failed-code.ts: Chromium keeps a failed file failed until then).
 */
export class ViewErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean; key: string }> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; key: string }) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
    if (navigator.onLine && isCodeLoadFailure(error)) reloadForFailedCode();
  }

  override componentDidMount() {
    window.addEventListener('online', this.retry);
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }

  private readonly retry = () => {
    if (this.state.failed) this.setState({ failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="page page--narrow" role="alert">
        <h1>
          <Msg id="app.viewFailed.title" />
        </h1>
        <p>
          <Msg id="app.viewFailed.text" />
        </p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          <Msg id="app.viewFailed.reload" />
        </button>
      </section>
    );
  }
}

/** For a part the page does without (the footer): while it fails, nothing shows in its place. */
export class QuietErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
