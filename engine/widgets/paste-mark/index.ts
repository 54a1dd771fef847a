export { MarkPastes, PASTE_NOTE, type MarkPastesProps } from './MarkPastes.tsx';
export { usePasteMark, type PasteMark, type PasteMarkFieldProps, type PasteMarkOptions } from './use-paste-mark.tsx';
