export { SaveButton } from './SaveButton.tsx';
