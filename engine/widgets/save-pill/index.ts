export { SavePill, savePillText } from './SavePill.tsx';
