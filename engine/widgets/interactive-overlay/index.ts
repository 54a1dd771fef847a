export { InteractiveOverlay } from './InteractiveOverlay.tsx';
