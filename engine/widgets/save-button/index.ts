export { SaveButton, SAVE_FAILURE_MESSAGE, SAVE_SUCCESS_MESSAGE, type SaveButtonProps } from './SaveButton.tsx';
