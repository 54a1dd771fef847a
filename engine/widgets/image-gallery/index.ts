export { ImageGallery, ImageGalleryError, type GalleryImage, type ImageGalleryProps } from './ImageGallery.tsx';
