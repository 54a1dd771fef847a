import { Component, type ErrorInfo, type ReactNode } from 'react';

interface PageErrorBoundaryProps {
  children: ReactNode;
}

interface PageErrorBoundaryState {
  error: Error | null;
}

/**
 * Keeps a page that fails to render (a lesson chunk lost to weak Wi-Fi, a broken lesson) from blanking
 * the whole app: it shows a short message with a Reload button in place of the page. Stored answers
 * are on the server or still in the autosave's last successful save.
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): PageErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="page-column content-page" id="main">
        <h1>This page could not be shown</h1>
        <p role="alert">Something went wrong while opening this page. Check the Wi-Fi, then reload.</p>
        <p className="page-error__actions">
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Reload
          </button>
          <a className="button button--secondary" href="/">
            Go to the home page
          </a>
        </p>
      </main>
    );
  }
}
