import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEmbedLoad } from './use-embed-load.ts';

const PAGE = 'https://example.org/page';
const OTHER_PAGE = 'https://example.org/other';
const TIMEOUT_MS = 5000;

function renderEmbedLoad(src = PAGE, timeoutMs = TIMEOUT_MS) {
  return renderHook((props: { src: string; timeoutMs: number }) => useEmbedLoad(props), { initialProps: { src, timeoutMs } });
}

describe('useEmbedLoad', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  describe('while the frame loads', () => {
    it('is loading, on the first attempt', () => {
      const { result } = renderEmbedLoad();
      expect(result.current.status).toBe('loading');
      expect(result.current.attempt).toBe(0);
    });

    it('is loaded on the load event, and stays so past the timeout', () => {
      const { result } = renderEmbedLoad();
      act(() => result.current.onLoad());
      expect(result.current.status).toBe('loaded');
      act(() => vi.advanceTimersByTime(TIMEOUT_MS * 2));
      expect(result.current.status).toBe('loaded');
    });
  });

  describe('when no load event comes', () => {
    it('is blocked after the given timeout, not a moment before', () => {
      const { result } = renderEmbedLoad();
      act(() => vi.advanceTimersByTime(TIMEOUT_MS - 1));
      expect(result.current.status).toBe('loading');
      act(() => vi.advanceTimersByTime(1));
      expect(result.current.status).toBe('blocked');
    });

    it('takes the timeout from its caller', () => {
      const { result } = renderEmbedLoad(PAGE, 3500);
      act(() => vi.advanceTimersByTime(3500));
      expect(result.current.status).toBe('blocked');
    });

    it('is loaded when the load event comes late', () => {
      const { result } = renderEmbedLoad();
      act(() => vi.advanceTimersByTime(TIMEOUT_MS));
      act(() => result.current.onLoad());
      expect(result.current.status).toBe('loaded');
    });

    it('loads again with a new attempt on reload, and starts the clock again', () => {
      const { result } = renderEmbedLoad();
      act(() => vi.advanceTimersByTime(TIMEOUT_MS));
      act(() => result.current.reload());
      expect(result.current).toMatchObject({ status: 'loading', attempt: 1 });
      act(() => vi.advanceTimersByTime(TIMEOUT_MS - 1));
      expect(result.current.status).toBe('loading');
      act(() => vi.advanceTimersByTime(1));
      expect(result.current.status).toBe('blocked');
    });
  });

  describe('when the page changes', () => {
    it('starts again from loading with a new attempt, even after the old page loaded', () => {
      const { result, rerender } = renderEmbedLoad();
      act(() => result.current.onLoad());
      rerender({ src: OTHER_PAGE, timeoutMs: TIMEOUT_MS });
      expect(result.current).toMatchObject({ status: 'loading', attempt: 1 });
    });

    it('gives the new page the whole timeout', () => {
      const { result, rerender } = renderEmbedLoad();
      act(() => vi.advanceTimersByTime(TIMEOUT_MS - 1000));
      rerender({ src: OTHER_PAGE, timeoutMs: TIMEOUT_MS });
      act(() => vi.advanceTimersByTime(TIMEOUT_MS - 1));
      expect(result.current.status).toBe('loading');
      act(() => vi.advanceTimersByTime(1));
      expect(result.current.status).toBe('blocked');
    });

    it('keeps its state when rendered again with the same page', () => {
      const { result, rerender } = renderEmbedLoad();
      act(() => result.current.onLoad());
      rerender({ src: PAGE, timeoutMs: TIMEOUT_MS });
      expect(result.current).toMatchObject({ status: 'loaded', attempt: 0 });
    });
  });

  describe('when the browser is offline', () => {
    it('is offline at once, and never blocked', () => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      const { result } = renderEmbedLoad();
      expect(result.current.status).toBe('offline');
      act(() => vi.advanceTimersByTime(TIMEOUT_MS));
      expect(result.current.status).toBe('offline');
    });

    it('stays offline on reload while still offline', () => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      const { result } = renderEmbedLoad();
      act(() => result.current.reload());
      expect(result.current.status).toBe('offline');
    });

    it('loads again with a new attempt when the connection comes back', () => {
      const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      const { result } = renderEmbedLoad();
      onLine.mockReturnValue(true);
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(result.current).toMatchObject({ status: 'loading', attempt: 1 });
    });

    it('goes offline while loading, but leaves a loaded page alone', () => {
      const loading = renderEmbedLoad();
      const loaded = renderEmbedLoad(OTHER_PAGE);
      act(() => loaded.result.current.onLoad());
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      expect(loading.result.current.status).toBe('offline');
      expect(loaded.result.current.status).toBe('loaded');
    });
  });

  describe('the clock', () => {
    let observed: { element: Element; callback: IntersectionObserverCallback } | undefined;
    beforeEach(() => {
      observed = undefined;
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          constructor(private callback: IntersectionObserverCallback) {}
          observe(element: Element) {
            observed = { element, callback: this.callback };
          }
          disconnect() {}
        },
      );
    });

    function Frame() {
      const { status, containerRef } = useEmbedLoad({ src: PAGE, timeoutMs: TIMEOUT_MS });
      return (
        <div ref={containerRef} data-testid="container">
          <p role="status">{status}</p>
        </div>
      );
    }

    it('starts only when the container comes into view', () => {
      render(<Frame />);
      expect(observed?.element).toBe(screen.getByTestId('container'));
      act(() => vi.advanceTimersByTime(TIMEOUT_MS * 2));
      expect(screen.getByRole('status')).toHaveTextContent('loading');
      act(() => observed?.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
      act(() => vi.advanceTimersByTime(TIMEOUT_MS - 1));
      expect(screen.getByRole('status')).toHaveTextContent('loading');
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByRole('status')).toHaveTextContent('blocked');
    });
  });
});
