import axe from 'axe-core';
import { expect, vi } from 'vitest';

/**
 * Runs axe-core on a rendered container and returns the violations whose impact is serious or
 * critical (the project's accessibility bar: README, "Accessibility"). Colour contrast is left to the
 * browser tests, because jsdom does not compute styles. Embedded frames are not entered: they hold
 * third-party pages (videos, simulations) that jsdom cannot load, and the frame element itself is checked.
 *
 * @param container - the element to check, usually `render(...).container`
 * @returns the serious and critical violations, each `{ id, impact, help, nodes }`; empty when clean
 */
export async function seriousAxeViolations(container: Element): Promise<axe.Result[]> {
  const results = await axe.run(container, { iframes: false, rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/**
 * Lets axe check a widget that holds an `<iframe>`: jsdom's frames cannot answer axe's messages (their
 * parent is not this window), so axe checks the `<iframe>` element and does not look inside it. Call it
 * in a `beforeEach`; `vi.restoreAllMocks()` undoes it.
 */
export function checkFramesFromOutside(): void {
  vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockReturnValue(null);
  vi.spyOn(console, 'log').mockImplementation(() => undefined); // axe logs "Frame does not have a content window"
}

/**
 * Expects no serious or critical axe violation in `container`, on real timers (axe waits on its own
 * timers, which a test's fake timers would hold).
 */
export async function expectAxeClean(container: Element): Promise<void> {
  vi.useRealTimers();
  expect(await seriousAxeViolations(container)).toEqual([]);
}
