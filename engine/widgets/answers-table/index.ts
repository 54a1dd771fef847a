export { AnswersTable } from './AnswersTable.tsx';
