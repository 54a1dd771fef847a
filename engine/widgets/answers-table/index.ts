export { AnswersTable, AnswersTableError, type AnswersTableColumn, type AnswersTableProps } from './AnswersTable.tsx';
