import { Component, type ErrorInfo, type ReactNode } from 'react';
import messages from '../../content/locales/en/shell.json';
import { useMessages } from '../../engine/index.ts';

interface PageErrorBoundaryProps {
  children: ReactNode;
}

interface PageErrorBoundaryState {
  error: Error | null;
}

/**
 * Keeps a page that fails to render (a lesson chunk lost to weak Wi-Fi, a broken lesson) from blanking
 * the whole app: it shows a short message with a Reload button in place of the page ({@link PageError}).
 * Stored answers are on the server or still in the autosave's last successful save.
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
    return <PageError />;
  }
}

/** What {@link PageErrorBoundary} shows in place of a failed page, in the reader's language (`pageError.*` of content/locales/LOCALE/app.json). */
function PageError() {
  const t = useMessages(messages);
  return (
    <main className="page-column content-page" id="main">
      <h1>{t('pageError.title')}</h1>
      <p role="alert">{t('pageError.message')}</p>
      <p className="page-error__actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('pageError.reload')}
        </button>
        <a className="button button--secondary" href="/">
          {t('pageError.home')}
        </a>
      </p>
    </main>
  );
}
