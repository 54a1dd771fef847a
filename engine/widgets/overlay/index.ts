export { OverlayDialog, type OverlayDialogProps } from './OverlayDialog.tsx';
