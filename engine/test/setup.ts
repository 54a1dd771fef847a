import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
// IndexedDB for the drafts autosave keeps on the device; jsdom has none.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Pages and lessons arrive as lazily imported modules; on a loaded 2-core CI machine the first import
// of one can take more than the default 1 s of findBy and waitFor.
configure({ asyncUtilTimeout: 5_000 });

// No unit test reaches the network: the embeds' reachability probe (and anything else that fetches
// without a test's own stub) gets an empty 200. Tests that care stub fetch themselves.
beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(null)));
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom lacks these; Radix and dnd-kit reach for them.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
const proto = Element.prototype as unknown as Record<string, unknown>;
const stubs: Record<string, () => unknown> = {
  hasPointerCapture: () => false,
  releasePointerCapture: () => undefined,
  setPointerCapture: () => undefined,
  scrollIntoView: () => undefined,
};
for (const [key, stub] of Object.entries(stubs)) if (!(key in proto)) proto[key] = stub;
