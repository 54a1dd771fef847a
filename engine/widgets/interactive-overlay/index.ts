export { InteractiveOverlay, type InteractiveOverlayProps } from './InteractiveOverlay.tsx';
