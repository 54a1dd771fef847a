import { composeStories } from '@storybook/react-vite';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../../test/axe.ts';
import { ImageOverlay, ImageOverlayError } from './ImageOverlay.tsx';
import * as stories from './ZoomableImage.stories.tsx';

const { Fitted, WithoutSize } = composeStories(stories);
const ALT = 'The lac operon: a repressor sits on the operator, between the promoter and the genes lacZ, lacY and lacA.';
const CAPTION = 'The lac operon switched off: the repressor blocks the operator.';

/**
 * Where the image sits, from its inline transform `translate(x[, y]) scale(s)`: px and a factor, with
 * y 0 when the serializer leaves it out (CSS's rule for a one-argument translate).
 */
function placement(image: HTMLElement): string {
  const found = /^translate\((-?[\d.]+)px(?:, (-?[\d.]+)px)?\) scale\(([\d.]+)\)$/.exec(image.style.transform);
  if (!found) throw new Error(`not a translate and a scale: ${image.style.transform}`);
  return `${found[1]}, ${found[2] ?? '0'} × ${found[3]}`;
}

/** jsdom lays nothing out: give the viewer 400 × 300 px and the fitted image 400 × 200 px. */
function giveSizes() {
  const viewport = screen.getByTestId('zoomable-image-viewport');
  Object.defineProperties(viewport, { clientWidth: { value: 400 }, clientHeight: { value: 300 } });
  const image = within(viewport).getByRole('img');
  Object.defineProperties(image, { offsetWidth: { value: 400 }, offsetHeight: { value: 200 } });
  return { viewport, image };
}

const level = () => screen.getByRole('status');

describe('ZoomableImage', () => {
  it('starts fitted at 100 %, with Zoom out and Reset zoom unavailable', () => {
    render(<Fitted />);
    expect(level()).toHaveTextContent('100 %');
    expect(screen.getByRole('button', { name: 'Zoom out' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Reset zoom' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Zoom in' })).toHaveAttribute('aria-disabled', 'false');
    expect(placement(screen.getByRole('img', { name: ALT }))).toBe('0, 0 × 1');
  });

  it('zooms with the buttons, announcing the zoom, from 100 % up to 400 % and back', async () => {
    const user = userEvent.setup();
    render(<Fitted />);
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    await user.click(zoomIn);
    expect(level()).toHaveTextContent('150 %');
    expect(screen.getByRole('img', { name: ALT }).style.transform).toContain('scale(1.5)');
    for (let i = 0; i < 10; i++) await user.click(zoomIn);
    expect(level()).toHaveTextContent('400 %');
    expect(zoomIn).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(level()).toHaveTextContent('350 %');
    await user.click(screen.getByRole('button', { name: 'Reset zoom' }));
    expect(level()).toHaveTextContent('100 %');
  });

  it('zooms with + and -, resets with 0', async () => {
    const user = userEvent.setup();
    render(<Fitted />);
    await user.tab();
    await user.keyboard('++');
    expect(level()).toHaveTextContent('200 %');
    await user.keyboard('-');
    expect(level()).toHaveTextContent('150 %');
    await user.keyboard('=');
    expect(level()).toHaveTextContent('200 %');
    await user.keyboard('0');
    expect(level()).toHaveTextContent('100 %');
  });

  it('pans with the arrow keys only while zoomed, and never past the image’s edge', async () => {
    const user = userEvent.setup();
    render(<Fitted />);
    const { image } = giveSizes();
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(placement(image)).toBe('0, 0 × 1');
    await user.keyboard('++');
    // At 200 % the image is 800 × 400 in a 400 × 300 viewer: 200 px to spare each side, 50 px up and down.
    for (let i = 0; i < 10; i++) await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(placement(image)).toBe('-200, -50 × 2');
    for (let i = 0; i < 20; i++) await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(placement(image)).toBe('200, 50 × 2');
    await user.keyboard('-');
    // Zooming out keeps the view within the new, smaller limits (600 × 300: 100 px across, none down).
    expect(placement(image)).toBe('100, 0 × 1.5');
  });

  it('pans by dragging while zoomed, clamped, and lets the page handle touches at 100 %', async () => {
    const user = userEvent.setup();
    render(<Fitted />);
    const { viewport, image } = giveSizes();
    expect(viewport).toHaveAttribute('data-state', 'fitted');
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(viewport).toHaveAttribute('data-state', 'zoomed');
    fireEvent.pointerDown(viewport, { pointerId: 1, pointerType: 'touch', clientX: 100, clientY: 100 });
    fireEvent.pointerMove(viewport, { pointerId: 1, pointerType: 'touch', clientX: 130, clientY: 90 });
    expect(placement(image)).toBe('30, -10 × 2');
    fireEvent.pointerMove(viewport, { pointerId: 1, pointerType: 'touch', clientX: 900, clientY: 900 });
    expect(placement(image)).toBe('200, 50 × 2');
    fireEvent.pointerUp(viewport, { pointerId: 1, pointerType: 'touch' });
  });

  it('pinch-zooms with two pointers', () => {
    render(<Fitted />);
    const { viewport } = giveSizes();
    fireEvent.pointerDown(viewport, { pointerId: 1, pointerType: 'touch', clientX: 150, clientY: 150 });
    fireEvent.pointerDown(viewport, { pointerId: 2, pointerType: 'touch', clientX: 250, clientY: 150 });
    fireEvent.pointerMove(viewport, { pointerId: 2, pointerType: 'touch', clientX: 350, clientY: 150 });
    fireEvent.pointerMove(viewport, { pointerId: 1, pointerType: 'touch', clientX: 50, clientY: 150 });
    expect(level()).toHaveTextContent('300 %');
  });

  it('sizes the image from its width and height, or from the image once loaded', () => {
    const { unmount } = render(<Fitted />);
    expect(screen.getByRole('figure').style.getPropertyValue('--zoomable-image-ratio')).toBe('2.4');
    unmount();
    render(<WithoutSize />);
    const image = screen.getByRole('img', { name: ALT });
    expect(image).not.toHaveAttribute('width');
    Object.defineProperties(image, { naturalWidth: { value: 300 }, naturalHeight: { value: 200 } });
    fireEvent.load(image);
    expect(screen.getByRole('figure').style.getPropertyValue('--zoomable-image-ratio')).toBe('1.5');
  });

  it('shows the caption as body text right under the image, in the same figure', () => {
    render(<Fitted />);
    const figure = screen.getByRole('figure');
    const caption = within(figure).getByText(CAPTION, { selector: 'figcaption' });
    expect(screen.getByRole('img', { name: ALT }).compareDocumentPosition(caption) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('has no serious accessibility violation, fitted or zoomed', async () => {
    const user = userEvent.setup();
    const { container } = render(<Fitted />);
    expect(await seriousAxeViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});

describe('ImageOverlay with the zoomable viewer (issue 9)', () => {
  it('draws the thumbnail at the column’s width with the badge in the image’s corner', () => {
    render(<ImageOverlay src="/images/a.svg" alt={ALT} caption={CAPTION} />);
    const thumbnail = screen.getByRole('button', { name: `Enlarge image: ${ALT}` });
    const image = thumbnail.querySelector('img')!;
    // No size given: the CSS makes the thumbnail and image 100 % of the column (an SVG with only a viewBox has no width).
    expect(image).not.toHaveAttribute('width');
    expect(image).not.toHaveAttribute('height');
    // The badge sits in the image's own frame, so it stays in the image's corner at any width.
    expect(within(image.parentElement!).getByText('Enlarge')).toBeInTheDocument();
  });

  it('reserves the image’s shape from width and height, never wider than the image', () => {
    render(<ImageOverlay src="/images/a.svg" alt={ALT} width={1000} height={880} />);
    const image = screen.getByRole('button', { name: `Enlarge image: ${ALT}` }).querySelector('img')!;
    expect(image).toHaveAttribute('width', '1000');
    expect(image).toHaveAttribute('height', '880');
    const frame = image.parentElement!;
    expect(frame.style.aspectRatio).toBe('1000 / 880');
    // Never wider than the column, the image, or what fits the screen's height (terms in any order).
    expect(frame.style.maxWidth).toMatch(/^min\(/);
    expect(frame.style.maxWidth).toContain('100%');
    expect(frame.style.maxWidth).toContain('1000px');
    expect(frame.style.maxWidth).toContain('dvh');
  });

  it('refuses a width without a height', () => {
    expect(() => render(<ImageOverlay src="/a.svg" alt="A" width={10} />)).toThrow(ImageOverlayError);
  });

  it('opens full screen on a phone with the caption as text under the zoomable image, titled for screen readers', async () => {
    const user = userEvent.setup();
    render(<ImageOverlay src="/images/a.svg" alt={ALT} caption={CAPTION} />);
    await user.click(screen.getByRole('button', { name: `Enlarge image: ${ALT}` }));
    const dialog = await screen.findByRole('dialog', { name: CAPTION });
    expect(dialog).toHaveAttribute('data-phone', 'full-screen');
    const image = within(dialog).getByRole('img', { name: ALT });
    const caption = within(dialog).getByText(CAPTION, { selector: 'figcaption' });
    expect(image.compareDocumentPosition(caption) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await seriousAxeViolations(dialog)).toEqual([]);
  });

  it('zooms with + while focus is still on Close, and Escape still closes it, focus back on the thumbnail', async () => {
    const user = userEvent.setup();
    render(<ImageOverlay src="/images/a.svg" alt={ALT} caption={CAPTION} />);
    const thumbnail = screen.getByRole('button', { name: `Enlarge image: ${ALT}` });
    await user.click(thumbnail);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus());
    await user.keyboard('+');
    expect(within(dialog).getByRole('status')).toHaveTextContent('150 %');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(thumbnail).toHaveFocus());
  });
});
