export { MarkPastes } from './MarkPastes.tsx';
export { usePasteMark } from './use-paste-mark.tsx';
