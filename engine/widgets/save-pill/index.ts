export { SavePill } from './SavePill.tsx';
