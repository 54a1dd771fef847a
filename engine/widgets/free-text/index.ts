export { FreeText, type FreeTextProps } from './FreeText.tsx';
