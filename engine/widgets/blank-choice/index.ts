export { BlankChoice, BLANK_PLACEHOLDER, type BlankChoiceProps } from './BlankChoice.tsx';
