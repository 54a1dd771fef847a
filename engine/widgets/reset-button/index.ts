export { ResetButton } from './ResetButton.tsx';
