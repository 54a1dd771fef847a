import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { signUp } from './helpers.ts';

/**
 * On a phone, a step dragged by touch into "Your order" landed in the wrong slot while the page
 * auto-scrolled under the finger. This drives real touch events through the DevTools protocol (a long
 * press, then moves), holds the finger in the auto-scroll band so dnd-kit scrolls the page, and lifts it
 * while the page is still scrolling, when a slot that was off screen at the start is under the finger.
 */

const PHONE = { width: 390, height: 844 };
/** Long enough for the 120 ms long press of the touch sensor, ms. */
const LONG_PRESS_MS = 300;
/**
 * Where the finger holds, px from the top: just inside the bottom auto-scroll band (the last 25 % of the
 * screen, docs/requirements.md#constants), where the page scrolls slowly because the speed grows towards the edge.
 */
const HOLD_Y = Math.round(PHONE.height * 0.75 + 6);

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

async function touch(session: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number): Promise<void> {
  await session.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(x), y: Math.round(y), radiusX: 4, radiusY: 4, force: 1, id: 1 }],
  });
}

/** Moves the finger in steps of at most 12 px, one frame apart, as a finger would. */
async function slide(session: CDPSession, page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  const steps = Math.max(1, Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) / 12));
  for (let step = 1; step <= steps; step += 1) {
    await touch(session, 'touchMove', from.x + ((to.x - from.x) * step) / steps, from.y + ((to.y - from.y) * step) / steps);
    await page.waitForTimeout(16); // one frame: the finger's own speed is the scenario
  }
}

/** Resolves once window.scrollY has stayed the same for 20 animation frames in a row, watched in the page. */
async function waitForScrollToSettle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const frame = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (still >= 20) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

test('a step dragged by touch lands in the slot under the finger while the page auto-scrolls', async ({ page }) => {
  await signUp(page);
  await page.goto('/sections/day-1');
  const exercise = page.getByRole('group', { name: 'Put the steps of switching a gene on in order' });
  const steps = exercise.getByRole('list', { name: 'Steps' });
  const order = exercise.getByRole('list', { name: 'Your order' });
  await expect(steps.getByRole('listitem').first()).toBeVisible();

  // The last slot: on a phone the order list sits below the steps, off screen when the drag begins.
  const targetSlot = await order.getByRole('listitem').count();
  const firstStep = steps.getByRole('listitem').first();
  // textContent, not innerText: a lesson part far from the screen is not drawn yet (content-visibility), and innerText reads what is drawn.
  const stepText = ((await firstStep.locator('.order-steps__text').textContent()) ?? '').trim();
  expect(stepText).not.toBe('');
  const handle = firstStep.getByRole('button').first();

  // The first step just below the top auto-scroll band, so the drop slot is below the fold.
  await handle.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 240));
  await waitForScrollToSettle(page);
  // The drag layer loads as the exercise comes near the screen (engine/widgets/order-steps/OrderSteps.tsx).
  await expect(exercise).toHaveAttribute('data-drag', 'ready');
  const slotBox = async () => {
    const box = await order.getByRole('listitem').nth(targetSlot - 1).boundingBox();
    if (box === null) throw new Error('the target slot has no box');
    return box;
  };
  const initial = await slotBox();
  expect(initial.y + initial.height / 2, 'the slot starts below the finger: only auto-scroll brings it').toBeGreaterThan(HOLD_Y + 100);

  const start = await handle.boundingBox();
  if (start === null) throw new Error('the step handle has no box');
  const session = await page.context().newCDPSession(page);
  const finger = { x: start.x + start.width / 2, y: start.y + start.height / 2 };
  const scrollBefore = await page.evaluate(() => window.scrollY);
  await touch(session, 'touchStart', finger.x, finger.y);
  await page.waitForTimeout(LONG_PRESS_MS); // the long press itself is the scenario
  await expect(exercise).toHaveAttribute('data-state', 'dragging');

  // The finger holds still in the auto-scroll band; the slots scroll up under it, and it lifts while the
  // page is still scrolling, the moment the target slot's middle is under it.
  const hold = { x: finger.x, y: HOLD_Y };
  await slide(session, page, finger, hold);
  const slotIndex = targetSlot - 1;
  await page.evaluate(
    ({ index, y, tolerance }) =>
      new Promise<void>((resolve, reject) => {
        const list = [...document.querySelectorAll<HTMLElement>('.order-steps ol')].at(0);
        const slot = list?.querySelectorAll(':scope > li')[index];
        if (!slot) return reject(new Error('no slot'));
        const deadline = performance.now() + 15_000;
        const check = () => {
          const box = slot.getBoundingClientRect();
          if (Math.abs(box.top + box.height / 2 - y) <= tolerance) return resolve();
          if (performance.now() > deadline) return reject(new Error(`the slot never reached the finger (top ${box.top})`));
          requestAnimationFrame(check);
        };
        check();
      }),
    { index: slotIndex, y: hold.y, tolerance: 4 },
  );
  await touch(session, 'touchEnd', hold.x, hold.y);
  expect(await page.evaluate(() => window.scrollY), 'the page auto-scrolled during the drag').toBeGreaterThan(scrollBefore + 100);

  await expect(order.getByRole('listitem').nth(targetSlot - 1)).toContainText(stepText);
  await expect(steps).not.toContainText(stepText);
});
