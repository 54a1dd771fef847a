export { ResetButton, type ResetButtonProps } from './ResetButton.tsx';
