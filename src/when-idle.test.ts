import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('asks the browser for an idle moment, at most the given time away', () => {
    const requestIdleCallback = vi.fn(() => 7);
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
    const task = vi.fn();

    const cancel = whenIdle(task, 2_000);
    cancel();

    expect(requestIdleCallback).toHaveBeenCalledWith(task, { timeout: 2_000 });
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('runs the task once the current task has ended where the browser has no idle callbacks, unless cancelled', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const ran = vi.fn();
    const cancelled = vi.fn();

    whenIdle(ran, 2_000);
    whenIdle(cancelled, 2_000)();
    expect(ran).not.toHaveBeenCalled();
    vi.runAllTimers();

    expect(ran).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();
  });
});
