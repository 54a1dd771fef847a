export { ImageOverlay, ImageOverlayError, type ImageOverlayProps } from './ImageOverlay.tsx';
export { ZoomableImage, type ZoomableImageProps } from './ZoomableImage.tsx';
export { useZoomPan, clampView, clampZoom, MIN_ZOOM, MAX_ZOOM, ZOOM_STEP, PAN_STEP_PX, type ZoomPan, type ZoomPanView } from './use-zoom-pan.ts';
