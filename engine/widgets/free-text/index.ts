export { FreeText } from './FreeText.tsx';
