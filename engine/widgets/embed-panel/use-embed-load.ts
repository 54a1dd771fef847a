import { useEffect, useReducer, useRef, useState, type RefObject } from 'react';

/**
 * Where an embedded frame is:
 * - `loading`: waiting for the frame's load event;
 * - `loaded`: the load event came, and the reachability probe has not failed;
 * - `blocked`: the reachability probe failed (the site cannot be reached: whatever load event the frame
 *   fires is Chromium's error page), or no load event `timeoutMs` after the frame came into view (the
 *   site may refuse to be embedded, or be very slow); after a timeout, a late load event still moves on
 *   to `loaded`; after a failed probe, only Try again (a new probe) does;
 * - `offline`: the browser is offline, so no frame is shown.
 */
export type EmbedLoadStatus = 'loading' | 'loaded' | 'blocked' | 'offline';

export interface UseEmbedLoadOptions {
  /** The page in the frame. A new `src` is a new page: the status starts again from `loading` and `attempt` goes up. */
  src: string;
  /** How long to wait for the load event, once the container is in view, before the status becomes `blocked`, ms. Also the probe's time limit. */
  timeoutMs: number;
  /**
   * Whether the page's site can be reached: resolves `true` when it can, `false` when it cannot; it
   * should not reject. Run once per attempt, when the container comes into view. Default
   * {@link probeEmbedReachable} with `timeoutMs`; tests pass their own.
   */
  probe?: (src: string) => Promise<boolean>;
}

/**
 * Whether an embed's site answers at all: a `no-cors` GET of the page, not cached, given up
 * after `timeoutMs`. An opaque response means the site answered (nothing of it is readable, and it
 * says nothing about whether the site allows framing); a network error or the time limit means it
 * cannot be reached, so whatever the frame shows is the browser's error page. Addresses that are not
 * http(s) (data:, blob:, relative) are not probed and count as reachable. The server's CSP allows
 * `connect-src` to exactly the origins the content embeds, listed at build time in
 * `dist/embed-origins.json` (server/content-security-policy.ts).
 *
 * @param src - the embedded page's absolute URL
 * @param timeoutMs - how long to wait for an answer, ms
 * @returns `true` when the site answered; never rejects
 */
export async function probeEmbedReachable(src: string, timeoutMs: number): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return true;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return true;
  if (typeof fetch !== 'function') return true;
  try {
    await fetch(url, { mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal: AbortSignal.timeout(timeoutMs) });
    return true;
  } catch {
    return false;
  }
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
  /** The probe of this attempt found the site unreachable: the frame's load event is an error page's. */
  unreachable: boolean;
}
type Action =
  | { type: 'load' }
  | { type: 'timeout' }
  | { type: 'unreachable'; attempt: number; online: boolean }
  | { type: 'reload'; online: boolean }
  | { type: 'source'; src: string; online: boolean }
  | { type: 'online' }
  | { type: 'offline' };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'load':
      if (state.unreachable) return state;
      return state.status === 'loading' || state.status === 'blocked' ? { ...state, status: 'loaded' } : state;
    case 'timeout':
      return state.status === 'loading' ? { ...state, status: 'blocked' } : state;
    case 'unreachable':
      // A probe of an earlier attempt, or of a frame already given up on, changes nothing.
      if (action.attempt !== state.attempt || (state.status !== 'loading' && state.status !== 'loaded' && state.status !== 'blocked')) return state;
      return { ...state, unreachable: true, status: action.online ? 'blocked' : 'offline' };
    case 'reload':
      return action.online ? { ...state, status: 'loading', attempt: state.attempt + 1, unreachable: false } : { ...state, status: 'offline' };
    case 'source':
      return action.src === state.src
        ? state
        : { src: action.src, status: action.online ? 'loading' : 'offline', attempt: state.attempt + 1, unreachable: false };
    case 'online':
      return state.status === 'offline' ? { ...state, status: 'loading', attempt: state.attempt + 1, unreachable: false } : state;
    case 'offline':
      // A page that has loaded may well keep working offline (a simulation), so it is left alone.
      return state.status === 'loaded' ? state : { ...state, status: 'offline' };
  }
}

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * Whether an embedded frame has loaded, may be blocked, or cannot load because the browser is offline:
 * the blocked-embed logic shared by EmbedPanel (3.5 s, docs/requirements.md#embed-panel) and
 * AtlasViewer (5 s, docs/requirements.md#atlas-viewer).
 *
 * The clock starts when the container is on screen, not at page load, because frames load lazily
 * (where the browser has no IntersectionObserver it starts at once). Browsers fire no error event for a
 * frame that cannot load: an unreachable site shows the browser's own error page, which fires `load`
 * too. So when the container comes into view, and on every new attempt, the hook also probes
 * the site (`probe`, default {@link probeEmbedReachable}): when it cannot be reached the status becomes
 * `blocked` at once, or `offline` if the browser says it is, even if the frame fired `load`. A site
 * that answers but refuses to be framed still shows as `loaded` once the frame fires `load` (the probe
 * cannot see that), or `blocked` when no load event comes in time. When the browser goes offline before
 * the frame has loaded the status becomes `offline`; when it comes back the frame is tried again by itself.
 *
 * @param options - `{ src, timeoutMs, probe? }`: the page, how long to wait for it once in view (ms), and the reachability probe
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
export function useEmbedLoad<ContainerElement extends Element = HTMLDivElement>({ src, timeoutMs, probe }: UseEmbedLoadOptions): EmbedLoad<ContainerElement> {
  const [state, dispatch] = useReducer(reducer, src, (first): State => ({ src: first, status: isOnline() ? 'loading' : 'offline', attempt: 0, unreachable: false }));
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

  // The probe in use, read when an attempt starts, so a new function each render does not probe again.
  const probeRef = useRef(probe);
  useEffect(() => {
    probeRef.current = probe;
  });

  // One probe per attempt, once the container is in view. Its answer counts for that attempt only, even
  // if the frame has fired load meanwhile (a lazy frame may load its error page before it is in view),
  // so the status is read when the attempt starts and is no dependency: a load event must not cancel it.
  const probeWanted = status !== 'offline';
  useEffect(() => {
    if (!inView || !probeWanted) return;
    let current = true;
    const run = probeRef.current ?? ((page: string) => probeEmbedReachable(page, timeoutMs));
    run(src).then(
      (reachable) => {
        if (current && !reachable) dispatch({ type: 'unreachable', attempt, online: isOnline() });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above: one probe per attempt
  }, [attempt, src, inView]);

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
