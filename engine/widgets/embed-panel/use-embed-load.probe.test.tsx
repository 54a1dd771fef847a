import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seriousAxeViolations } from '../../test/axe.ts';
import { EmbedPanel } from './EmbedPanel.tsx';
import { probeEmbedReachable, useEmbedLoad } from './use-embed-load.ts';

const EMBED_BLOCKED_MESSAGE = 'This site may block embeds in iframes';
const EMBED_OFFLINE_MESSAGE = 'You are offline. The lesson keeps your answers; this activity needs the internet.';

// An unreachable site shows Chromium's error page, which fires `load` like any page, so the
// panel probes the site and warns even when the frame "loaded".

const PAGE = 'https://example.org/page';
const TIMEOUT_MS = 5000;

/** A probe whose answer the test gives when it wants, and that counts its calls. */
function controlledProbe() {
  const answers: ((reachable: boolean) => void)[] = [];
  const probe = vi.fn((src: string) => {
    void src;
    return new Promise<boolean>((resolve) => answers.push(resolve));
  });
  return {
    probe,
    /** Answers the latest probe. */
    answer: async (reachable: boolean) => {
      await act(async () => answers.at(-1)?.(reachable));
    },
  };
}

function renderEmbedLoad(probe: (src: string) => Promise<boolean>) {
  return renderHook(() => useEmbedLoad({ src: PAGE, timeoutMs: TIMEOUT_MS, probe }));
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('useEmbedLoad with a reachability probe', () => {
  it('probes the page once when the frame is in view', () => {
    const { probe } = controlledProbe();
    const { rerender } = renderEmbedLoad(probe);
    rerender();
    expect(probe).toHaveBeenCalledTimes(1);
    expect(probe).toHaveBeenCalledWith(PAGE);
  });

  it('is blocked at once when the site cannot be reached, even though the frame fired load', async () => {
    const { probe, answer } = controlledProbe();
    const { result } = renderEmbedLoad(probe);
    act(() => result.current.onLoad());
    expect(result.current.status).toBe('loaded');
    await answer(false);
    expect(result.current.status).toBe('blocked');
    act(() => result.current.onLoad());
    expect(result.current.status).toBe('blocked');
  });

  it('is blocked when the probe fails before the frame fires load, and stays so on load', async () => {
    const { probe, answer } = controlledProbe();
    const { result } = renderEmbedLoad(probe);
    await answer(false);
    expect(result.current.status).toBe('blocked');
    act(() => result.current.onLoad());
    expect(result.current.status).toBe('blocked');
  });

  it('is loaded when the site answers and the frame loads', async () => {
    const { probe, answer } = controlledProbe();
    const { result } = renderEmbedLoad(probe);
    await answer(true);
    expect(result.current.status).toBe('loading');
    act(() => result.current.onLoad());
    expect(result.current.status).toBe('loaded');
  });

  it('is offline, not blocked, when the probe fails and the browser says it is offline', async () => {
    const { probe, answer } = controlledProbe();
    const { result } = renderEmbedLoad(probe);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await answer(false);
    expect(result.current.status).toBe('offline');
  });

  it('probes again on Try again, and loads when the site answers this time', async () => {
    const { probe, answer } = controlledProbe();
    const { result } = renderEmbedLoad(probe);
    await answer(false);
    act(() => result.current.reload());
    expect(result.current).toMatchObject({ status: 'loading', attempt: 1 });
    expect(probe).toHaveBeenCalledTimes(2);
    await answer(true);
    act(() => result.current.onLoad());
    expect(result.current.status).toBe('loaded');
  });

  it('ignores the answer of an earlier attempt', async () => {
    const answers: ((reachable: boolean) => void)[] = [];
    const probe = vi.fn(() => new Promise<boolean>((resolve) => answers.push(resolve)));
    const { result } = renderEmbedLoad(probe);
    act(() => result.current.reload());
    act(() => result.current.onLoad());
    await act(async () => answers[0]?.(false));
    expect(result.current.status).toBe('loaded');
  });

  it('still warns when no load event comes in time, with a good probe', async () => {
    vi.useFakeTimers();
    const { probe, answer } = controlledProbe();
    const { result } = renderEmbedLoad(probe);
    await answer(true);
    act(() => vi.advanceTimersByTime(TIMEOUT_MS));
    expect(result.current.status).toBe('blocked');
  });

  it('does not probe while offline, and probes when the connection comes back', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { probe } = controlledProbe();
    const { result } = renderEmbedLoad(probe);
    expect(result.current.status).toBe('offline');
    expect(probe).not.toHaveBeenCalled();
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(probe).toHaveBeenCalledTimes(1);
  });
});

describe('probeEmbedReachable', () => {
  it('asks without CORS, without the cache, with a time limit, and counts an opaque answer as reachable', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    expect(await probeEmbedReachable(PAGE, TIMEOUT_MS)).toBe(true);
    expect(fetch).toHaveBeenCalledWith(new URL(PAGE), expect.objectContaining({ mode: 'no-cors', cache: 'no-store', signal: expect.any(AbortSignal) }));
  });

  it('counts a network error or the time limit as unreachable', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await probeEmbedReachable(PAGE, TIMEOUT_MS)).toBe(false);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError'))));
    expect(await probeEmbedReachable(PAGE, TIMEOUT_MS)).toBe(false);
  });

  it('does not probe pages that are not http(s)', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await probeEmbedReachable('data:text/html,<p>hi</p>', TIMEOUT_MS)).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('EmbedPanel when the site cannot be reached', () => {
  const frame = () => screen.getByTitle('PhET: Gene Expression Essentials');
  const unreachable = () => vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
  const reachable = () => vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 200 })));

  function renderPanel() {
    return render(<EmbedPanel title="PhET: Gene Expression Essentials" src="https://phet.colorado.edu/sims/html/gene-expression-essentials/latest/x.html" height={320} />);
  }

  it('warns that the site may block embeds, with Try again and Open in new tab, though the frame fired load', async () => {
    unreachable();
    const { container } = renderPanel();
    fireEvent.load(frame()); // Chromium's error page fires load too
    expect(await screen.findByText(EMBED_BLOCKED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Open in new tab/ }).length).toBe(2);
    vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockReturnValue(null);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('shows the page when the site answers and the frame loads', async () => {
    reachable();
    renderPanel();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    fireEvent.load(frame());
    await act(async () => undefined);
    expect(screen.queryByText(EMBED_BLOCKED_MESSAGE)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('says the browser is offline when the probe fails offline', async () => {
    unreachable();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValueOnce(true).mockReturnValue(false);
    renderPanel();
    expect(await screen.findByText(EMBED_OFFLINE_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByTitle('PhET: Gene Expression Essentials')).not.toBeInTheDocument();
  });

  it('probes again on Try again, and shows the page once the site answers', async () => {
    unreachable();
    renderPanel();
    fireEvent.load(frame());
    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    reachable();
    fireEvent.click(tryAgain);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(screen.getByText(/Loading PhET/)).toBeInTheDocument();
    fireEvent.load(frame());
    await act(async () => undefined);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
