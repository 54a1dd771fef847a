import { useEffect, useReducer, useRef, useState, type RefObject } from 'react';

/** Shown at once when the browser is offline (spec section 8: an embed needs the internet, answers do not). */
export const EMBED_OFFLINE_MESSAGE = 'You are offline. The lesson keeps your answers; this activity needs the internet.';

/**
 * Where an embedded frame is:
 * - `loading`: waiting for the frame's load event;
 * - `loaded`: the load event came;
 * - `blocked`: no load event `timeoutMs` after the frame came into view (the site may refuse to be
 *   embedded, or be very slow); a late load event still moves on to `loaded`;
 * - `offline`: the browser is offline, so no frame is shown.
 */
export type EmbedLoadStatus = 'loading' | 'loaded' | 'blocked' | 'offline';

export interface UseEmbedLoadOptions {
  /** The page in the frame. A new `src` is a new page: the status starts again from `loading` and `attempt` goes up. */
  src: string;
  /** How long to wait for the load event, once the container is in view, before the status becomes `blocked`, ms. */
  timeoutMs: number;
}

export interface EmbedLoad<ContainerElement extends Element = HTMLDivElement> {
  /** See {@link EmbedLoadStatus}. */
  status: EmbedLoadStatus;
  /**
   * Goes up on every reload and every new `src`. Key the `<iframe>` with it, so each attempt is a new
   * frame (a new frame also keeps the frame's pages out of the browser's Back history).
   */
  attempt: number;
  /** Pass to the `<iframe>`'s `onLoad`. */
  onLoad: () => void;
  /** Tries again with a new frame (Reload, Try again); stays `offline` while the browser is offline. */
  reload: () => void;
  /** Attach to the element around the frame: the clock starts when it is on screen. */
  containerRef: RefObject<ContainerElement | null>;
}

interface State {
  src: string;
  status: EmbedLoadStatus;
  attempt: number;
}
type Action =
  | { type: 'load' }
  | { type: 'timeout' }
  | { type: 'reload'; online: boolean }
  | { type: 'source'; src: string; online: boolean }
  | { type: 'online' }
  | { type: 'offline' };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'load':
      return state.status === 'loading' || state.status === 'blocked' ? { ...state, status: 'loaded' } : state;
    case 'timeout':
      return state.status === 'loading' ? { ...state, status: 'blocked' } : state;
    case 'reload':
      return action.online ? { ...state, status: 'loading', attempt: state.attempt + 1 } : { ...state, status: 'offline' };
    case 'source':
      return action.src === state.src ? state : { src: action.src, status: action.online ? 'loading' : 'offline', attempt: state.attempt + 1 };
    case 'online':
      return state.status === 'offline' ? { ...state, status: 'loading', attempt: state.attempt + 1 } : state;
    case 'offline':
      // A page that has loaded may well keep working offline (a simulation), so it is left alone.
      return state.status === 'loaded' ? state : { ...state, status: 'offline' };
  }
}

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * Whether an embedded frame has loaded, may be blocked, or cannot load because the browser is offline:
 * the blocked-embed logic shared by EmbedPanel (3.5 s, spec section 4, "Embed panel") and
 * AtlasViewer (5 s, spec section 4, "Atlas viewer"; spec section 8, "Embed slow or blocked").
 *
 * The clock starts when the container is on screen, not at page load, because frames load lazily
 * (where the browser has no IntersectionObserver it starts at once). Browsers fire no error event for a
 * frame a site refuses to be shown in, so "no load event in time" is the only sign there is. When the
 * browser goes offline before the frame has loaded the status becomes `offline`; when it comes back the
 * frame is tried again by itself.
 *
 * @param options - `{ src, timeoutMs }`: the page, and how long to wait for it once in view, ms
 * @returns `{ status, attempt, onLoad, reload, containerRef }`; see {@link EmbedLoad}
 * @example
 * const { status, attempt, onLoad, reload, containerRef } = useEmbedLoad({ src, timeoutMs: EMBED_BLOCKED_WARNING_MS });
 * return (
 *   <div ref={containerRef}>
 *     {status === 'offline' ? null : <iframe key={attempt} title={title} src={src} onLoad={onLoad} />}
 *     {status === 'blocked' ? <button type="button" onClick={reload}>Try again</button> : null}
 *   </div>
 * );
 */
export function useEmbedLoad<ContainerElement extends Element = HTMLDivElement>({ src, timeoutMs }: UseEmbedLoadOptions): EmbedLoad<ContainerElement> {
  const [state, dispatch] = useReducer(reducer, src, (first): State => ({ src: first, status: isOnline() ? 'loading' : 'offline', attempt: 0 }));
  // A new page starts again from "loading" in this very render, so no frame of the old page's attempt
  // is shown with the new address (React's "adjusting state when a prop changes").
  if (state.src !== src) dispatch({ type: 'source', src, online: isOnline() });
  const { status, attempt } = state;

  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  const containerRef = useRef<ContainerElement | null>(null);

  useEffect(() => {
    const element = containerRef.current;
    if (inView || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setInView(true);
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView]);

  useEffect(() => {
    if (status !== 'loading' || !inView) return;
    const timer = setTimeout(() => dispatch({ type: 'timeout' }), timeoutMs);
    return () => clearTimeout(timer);
  }, [status, attempt, inView, timeoutMs]);

  useEffect(() => {
    const onOnline = () => dispatch({ type: 'online' });
    const onOffline = () => dispatch({ type: 'offline' });
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, []);

  return {
    status,
    attempt,
    onLoad: () => dispatch({ type: 'load' }),
    reload: () => dispatch({ type: 'reload', online: isOnline() }),
    containerRef,
  };
}
