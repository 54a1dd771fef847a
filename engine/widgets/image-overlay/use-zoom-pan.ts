import { useCallback, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';

/** The smallest zoom: the image fits the viewer (docs/design.md#things-that-float). */
export const MIN_ZOOM = 1;
/** The largest zoom, 4×: enough to read a diagram's smallest label on a 390 px phone. */
export const MAX_ZOOM = 4;
/** How much one Zoom in / Zoom out press or one + / - key changes the zoom (0.5 = 50 percentage points). */
export const ZOOM_STEP = 0.5;
/** How far one arrow key moves a zoomed image, in px. */
export const PAN_STEP_PX = 48;

/** What the viewer shows: the zoom (1 to 4) and the image's offset from the centre, in px. */
export interface ZoomPanView {
  scale: number;
  x: number;
  y: number;
}

/** A box's size in px. */
export interface Size {
  width: number;
  height: number;
}

const FITTED: ZoomPanView = { scale: MIN_ZOOM, x: 0, y: 0 };

/** Keeps a zoom within 1 to 4. */
export function clampZoom(scale: number): number {
  if (!Number.isFinite(scale)) return MIN_ZOOM;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale));
}

/**
 * Keeps a view inside its limits: the zoom within 1 to 4, and the offset such that a zoomed image
 * always covers the viewer (no empty edge can be dragged into view); when the zoomed image is
 * narrower (or shorter) than the viewer, it stays centred on that axis.
 *
 * @param view - the wanted zoom and offset (px from the centre)
 * @param viewport - the viewer's size in px
 * @param image - the image's laid-out size at zoom 1, in px
 * @returns the nearest allowed view
 */
export function clampView(view: ZoomPanView, viewport: Size, image: Size): ZoomPanView {
  const scale = clampZoom(view.scale);
  const limitX = Math.max(0, (image.width * scale - viewport.width) / 2);
  const limitY = Math.max(0, (image.height * scale - viewport.height) / 2);
  const clamp = (value: number, limit: number) => (Number.isFinite(value) ? Math.min(limit, Math.max(-limit, value)) || 0 : 0);
  return { scale, x: clamp(view.x, limitX), y: clamp(view.y, limitY) };
}

/** What {@link useZoomPan} gives its viewer. */
export interface ZoomPan {
  /** The current zoom (1 to 4) and offset (px). */
  view: ZoomPanView;
  /** Whether the image is zoomed in (above 1×). */
  zoomed: boolean;
  zoomIn: () => void;
  zoomOut: () => void;
  /** Back to 1×, centred. */
  reset: () => void;
  /** Moves a zoomed image by (dx, dy) px, within its limits. */
  panBy: (dx: number, dy: number) => void;
  /**
   * Handles + / = (zoom in), - (zoom out), 0 (reset) and, while zoomed, the arrow keys (pan; the
   * arrow names the part of the image brought into view). Returns whether it used the key (then it
   * has called `preventDefault`). Keys with Ctrl, Alt or Meta are left to the browser.
   */
  handleKey: (event: KeyboardEvent | ReactKeyboardEvent) => boolean;
  /** Spread on the viewer element: drag to pan, two pointers to pinch-zoom (touch, pen or mouse). */
  pointerHandlers: {
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => void;
    onPointerMove: (event: ReactPointerEvent<HTMLElement>) => void;
    onPointerUp: (event: ReactPointerEvent<HTMLElement>) => void;
    onPointerCancel: (event: ReactPointerEvent<HTMLElement>) => void;
  };
}

interface Gesture {
  startView: ZoomPanView;
  startDistance: number;
  startMid: { x: number; y: number };
}

function sizeOf(element: HTMLElement | null, inner: boolean): Size {
  if (!element) return { width: 0, height: 0 };
  return inner ? { width: element.clientWidth, height: element.clientHeight } : { width: element.offsetWidth, height: element.offsetHeight };
}

function pointsOf(pointers: Map<number, { x: number; y: number }>) {
  const [a = { x: 0, y: 0 }, b = a] = [...pointers.values()];
  return {
    distance: Math.hypot(b.x - a.x, b.y - a.y),
    mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
  };
}

/**
 * Zoom (1× to 4×) and pan for an image in a viewer, with CSS transforms, by pinch, buttons and
 * keyboard (docs/design.md#things-that-float). Apply `view` as
 * `transform: translate(x px, y px) scale(scale)` on the image (transform-origin at its centre).
 *
 * Panning is clamped by {@link clampView} from the viewer's inner size and the image's laid-out size,
 * read when needed, so the image never leaves an empty edge in view.
 *
 * @param viewportRef - the viewer: the box that clips the image and receives the pointer events
 * @param imageRef - the transformed image
 */
export function useZoomPan(viewportRef: RefObject<HTMLElement | null>, imageRef: RefObject<HTMLElement | null>): ZoomPan {
  const [view, setView] = useState<ZoomPanView>(FITTED);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<Gesture | null>(null);
  // The same view, for event handlers (a pinch or a drag reads it between renders).
  const viewRef = useRef<ZoomPanView>(FITTED);

  const update = useCallback(
    (next: (current: ZoomPanView) => ZoomPanView) => {
      const clamped = clampView(next(viewRef.current), sizeOf(viewportRef.current, true), sizeOf(imageRef.current, false));
      viewRef.current = clamped;
      setView(clamped);
    },
    [viewportRef, imageRef],
  );

  const zoomBy = useCallback(
    (delta: number) =>
      update((current) => {
        const scale = clampZoom(current.scale + delta);
        // Keep the point at the viewer's centre where it is: the offset grows with the zoom.
        const factor = scale / current.scale;
        return { scale, x: current.x * factor, y: current.y * factor };
      }),
    [update],
  );
  const zoomIn = useCallback(() => zoomBy(ZOOM_STEP), [zoomBy]);
  const zoomOut = useCallback(() => zoomBy(-ZOOM_STEP), [zoomBy]);
  const reset = useCallback(() => update(() => FITTED), [update]);
  const panBy = useCallback((dx: number, dy: number) => update((current) => ({ ...current, x: current.x + dx, y: current.y + dy })), [update]);

  const handleKey = useCallback(
    (event: KeyboardEvent | ReactKeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return false;
      const zoomed = viewRef.current.scale > MIN_ZOOM;
      // The arrow names the part of the image brought into view, so the image moves the other way.
      if (event.key === '+' || event.key === '=') zoomIn();
      else if (event.key === '-' || event.key === '_') zoomOut();
      else if (event.key === '0') reset();
      else if (zoomed && event.key === 'ArrowLeft') panBy(PAN_STEP_PX, 0);
      else if (zoomed && event.key === 'ArrowRight') panBy(-PAN_STEP_PX, 0);
      else if (zoomed && event.key === 'ArrowUp') panBy(0, PAN_STEP_PX);
      else if (zoomed && event.key === 'ArrowDown') panBy(0, -PAN_STEP_PX);
      else return false;
      event.preventDefault();
      return true;
    },
    [zoomIn, zoomOut, reset, panBy],
  );

  const startGesture = useCallback(() => {
    const points = pointers.current;
    gesture.current =
      points.size >= 2
        ? { startView: viewRef.current, ...(({ distance, mid }) => ({ startDistance: distance, startMid: mid }))(pointsOf(points)) }
        : null;
  }, []);

  const onPointerDown = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      event.currentTarget.setPointerCapture?.(event.pointerId);
      pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
      startGesture();
    },
    [startGesture],
  );

  const onPointerMove = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      const points = pointers.current;
      const last = points.get(event.pointerId);
      if (!last) return;
      const now = { x: event.clientX, y: event.clientY };
      points.set(event.pointerId, now);
      const pinch = gesture.current;
      if (points.size >= 2 && pinch && pinch.startDistance > 0) {
        const { distance, mid } = pointsOf(points);
        const scale = clampZoom((pinch.startView.scale * distance) / pinch.startDistance);
        const factor = scale / pinch.startView.scale;
        update(() => ({
          scale,
          x: pinch.startView.x * factor + mid.x - pinch.startMid.x,
          y: pinch.startView.y * factor + mid.y - pinch.startMid.y,
        }));
      } else if (points.size === 1 && viewRef.current.scale > MIN_ZOOM) {
        panBy(now.x - last.x, now.y - last.y);
      }
    },
    [panBy, update],
  );

  const onPointerEnd = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      pointers.current.delete(event.pointerId);
      startGesture();
    },
    [startGesture],
  );

  return {
    view,
    zoomed: view.scale > MIN_ZOOM,
    zoomIn,
    zoomOut,
    reset,
    panBy,
    handleKey,
    pointerHandlers: { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd },
  };
}
