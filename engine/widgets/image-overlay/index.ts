export { ImageOverlay } from './ImageOverlay.tsx';

