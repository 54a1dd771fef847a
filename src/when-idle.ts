/**
 * Runs `task` at the browser's next idle moment, and after `timeoutMs` at the latest (ms); where there is
 * no `requestIdleCallback`, as soon as the current task has ended. For code a page will want soon but
 * does not draw with (docs/decisions/011-first-visit-javascript.md).
 *
 * @returns a function that cancels it, for an effect's clean-up
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const idle = requestIdleCallback(task, { timeout: timeoutMs });
    return () => cancelIdleCallback(idle);
  }
  const timer = window.setTimeout(task, 0);
  return () => window.clearTimeout(timer);
}
