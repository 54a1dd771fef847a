export { Banner } from './Banner.tsx';
