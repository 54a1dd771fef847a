export { BlankChoice } from './BlankChoice.tsx';
