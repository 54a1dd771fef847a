export { ImageGallery } from './ImageGallery.tsx';
