import { describe, expect, it } from 'vitest';
import { clampView, clampZoom, MAX_ZOOM, MIN_ZOOM } from './use-zoom-pan.ts';

const viewport = { width: 400, height: 300 };
const image = { width: 400, height: 200 };

describe('clampZoom', () => {
  it('keeps the zoom between 1× and 4×', () => {
    expect(clampZoom(0.2)).toBe(MIN_ZOOM);
    expect(clampZoom(9)).toBe(MAX_ZOOM);
    expect(clampZoom(2.5)).toBe(2.5);
    expect(clampZoom(Number.NaN)).toBe(MIN_ZOOM);
  });
});

describe('clampView', () => {
  it('keeps a fitted image centred: nothing to pan at 1×', () => {
    expect(clampView({ scale: 1, x: 120, y: -80 }, viewport, image)).toEqual({ scale: 1, x: 0, y: 0 });
  });

  it('lets a zoomed image move only until its edge reaches the viewer’s edge', () => {
    // At 2×: 800 × 400 in a 400 × 300 viewer → 200 px of slack each side across, 50 px down.
    expect(clampView({ scale: 2, x: 999, y: 999 }, viewport, image)).toEqual({ scale: 2, x: 200, y: 50 });
    expect(clampView({ scale: 2, x: -999, y: -999 }, viewport, image)).toEqual({ scale: 2, x: -200, y: -50 });
    expect(clampView({ scale: 2, x: 30, y: -20 }, viewport, image)).toEqual({ scale: 2, x: 30, y: -20 });
  });

  it('keeps the image centred on an axis where, zoomed, it is still smaller than the viewer', () => {
    // At 1.5×: 600 × 300 → fits the 300 px height exactly: no vertical slack.
    expect(clampView({ scale: 1.5, x: 0, y: 40 }, viewport, image).y).toBe(0);
  });

  it('clamps the zoom too', () => {
    expect(clampView({ scale: 7, x: 0, y: 0 }, viewport, image).scale).toBe(MAX_ZOOM);
  });
});
