import { describe, expect, it, vi } from 'vitest';
import { lazyImport } from './lazy-import.ts';

describe('lazyImport', () => {
  it('starts one import for every caller, and knows the module once it has arrived', async () => {
    const module = { answer: 42 };
    const load = vi.fn(() => Promise.resolve(module));
    const page = lazyImport(load);
    expect(page.loaded()).toBeUndefined();

    const [first, second] = await Promise.all([page(), page()]);

    expect(load).toHaveBeenCalledOnce();
    expect(first).toBe(module);
    expect(second).toBe(module);
    expect(page.loaded()).toBe(module);
  });

  it('tries again on the next call after a failed download, and keeps nothing of the failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValueOnce({ ok: true });
    const page = lazyImport(load);

    await expect(page()).rejects.toThrow(TypeError);
    expect(page.loaded()).toBeUndefined();
    await expect(page()).resolves.toEqual({ ok: true });

    expect(load).toHaveBeenCalledTimes(2);
    expect(page.loaded()).toEqual({ ok: true });
  });
});
