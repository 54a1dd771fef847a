import axe from 'axe-core';

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
