import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import messages from '../../../content/locales/en/engine.json';
import { useAnswersContext } from '../../answers/AnswersForm.tsx';
import { UnknownAnswerFieldError, useAnswerField } from '../../answers/AnswersForm.tsx';
import { useLocale, useMessages } from '../../i18n/messages.ts';
import { schemaAt } from '../../schema/normalize.ts';
import type { AnswersSchema } from '../../schema/types.ts';
import { toChoice, withSavedChoice, type Choice, type ChoiceOption } from '../choice-options.ts';
import { lengthLimit } from '../length-limit/length-limit.tsx';
import { usePasteMark } from '../paste-mark/index.ts';
import { useAutoGrow } from '../use-auto-grow.ts';
import './AnswersTable.css';

/** One column of an {@link AnswersTable}, as written in MDX. */
export interface AnswersTableColumn {
  /** The row field shown in this column: a property of the array's `items` in the schema. */
  field: string;
  /** The column header; also the start of each input's accessible name ("Notes for row 1"). */
  header: string;
  /**
   * `"none"`: the value, read-only (a row header when it is the first column); `"text"`: a growing
   * text box (its length is the field's `maxLength` only); `"select"`: a native select of `options`.
   */
  input: 'none' | 'text' | 'select';
  /** For `"select"` only: the choices in order; `{ value, label }` stores `value` and shows `label`. */
  options?: readonly ChoiceOption[];
}

export interface AnswersTableProps {
  /** Dotted path of an array of objects in the answers, e.g. `compare.table`. Its current rows are the table's rows. */
  name: string;
  /** The table's caption: what the student is asked to do with it. */
  caption: string;
  /** The columns, left to right. */
  columns: readonly AnswersTableColumn[];
}

/** Thrown when an AnswersTable tag does not fit its field or its columns are malformed: an authoring mistake. */
export class AnswersTableError extends Error {
  constructor(name: string, problem: string) {
    super(`<AnswersTable name="${name}">: ${problem}`);
    this.name = 'AnswersTableError';
  }
}

const INPUTS: readonly AnswersTableColumn['input'][] = ['none', 'text', 'select'];

/** The columns after checking them against the rows' schema, with select options as {@link Choice}s. */
function checkColumns(name: string, node: AnswersSchema, columns: unknown): (AnswersTableColumn & { choices: readonly Choice[] })[] {
  const rowFields = node.items?.properties;
  if (node.type !== 'array' || !rowFields) {
    throw new AnswersTableError(name, `expected a list of rows (an array whose items are objects) in the schema; found ${node.type ?? 'no type'}.`);
  }
  if (!Array.isArray(columns) || columns.length === 0) {
    throw new AnswersTableError(name, 'columns must be a non-empty list such as [{ field: "…", header: "…", input: "text" }].');
  }
  return columns.map((column: Partial<AnswersTableColumn> | null, index) => {
    const where = `column ${index + 1}`;
    if (typeof column?.field !== 'string' || !Object.hasOwn(rowFields, column.field)) {
      throw new AnswersTableError(name, `${where} has field ${JSON.stringify(column?.field)}, but each row's fields are ${Object.keys(rowFields).join(', ')}.`);
    }
    if (typeof column.header !== 'string' || column.header.trim() === '') throw new AnswersTableError(name, `${where} ("${column.field}") needs a header.`);
    if (!column.input || !INPUTS.includes(column.input)) {
      throw new AnswersTableError(name, `${where} ("${column.field}") has input ${JSON.stringify(column.input)}; expected "none", "text" or "select".`);
    }
    if (column.input === 'select' && (!Array.isArray(column.options) || column.options.length === 0)) {
      throw new AnswersTableError(name, `${where} ("${column.field}") is a select and needs options.`);
    }
    const choices = column.input === 'select' ? (column.options ?? []).map((option) => toChoice(option, `<AnswersTable name="${name}"> ${where}`)) : [];
    return { ...(column as AnswersTableColumn), choices };
  });
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

/**
 * A table of answer rows: one row per item of an array field of objects (its rows come from the answers,
 * so the schema's `default` gives the starting rows), one column per declared field (Day 3's gene
 * categorisation table: docs/requirements.md#day-3).
 *
 * Read-only columns show the row's value; the first column, when read-only, is the row header. Text
 * columns are growing text boxes with no length limit; select columns are native selects whose stored
 * value may differ from the label. Every input binds `${name}.${row}.${field}` and is named by its
 * column header and the row's first read-only cell ("Notes for <row>"; "row N" when there is none; in
 * the reader's language, `answersTable.*` in content/locales/LOCALE/engine.json). A
 * saved select value that is no longer an option is still shown, as an extra option. In a read-only
 * form text cells are `readOnly` and select cells disabled.
 *
 * A real `<table>` with a caption and column headers; at 600 px wide or less each row becomes a
 * stacked card, each input labelled by its header (CSS only), so nothing scrolls sideways at 390 px.
 *
 * @throws UnknownAnswerFieldError when the day's schema has no field `name`
 * @throws AnswersTableError when the field is not an array of objects, or a column names a field the
 *   rows lack, has no header, an unknown `input`, or is a select without options
 * @throws ChoiceOptionError when a select option is neither a string nor `{ value, label }`
 * @example
 * <AnswersTable name="sorting.table" caption="Sort each item" columns={[
 *   { field: "item", header: "Item", input: "none" },
 *   { field: "group", header: "Group", input: "select", options: [{ value: "", label: "— choose —" }, { value: "a", label: "Group A" }] },
 *   { field: "notes", header: "Notes", input: "text" },
 * ]} />
 */
export function AnswersTable({ name, caption, columns }: AnswersTableProps) {
  const { schema } = useAnswersContext('AnswersTable');
  const node = schemaAt(schema, name);
  if (!node) throw new UnknownAnswerFieldError('AnswersTable', name);
  const checked = checkColumns(name, node, columns);
  const watched: unknown = useWatch({ name });
  const rows: unknown[] = Array.isArray(watched) ? watched : [];
  const labelColumn = checked.find((column) => column.input === 'none');
  const t = useMessages(messages);

  return (
    <div className="answers-table">
      <table className="answers-table__table">
        <caption className="answers-table__caption">{caption}</caption>
        <thead>
          <tr>
            {checked.map((column) => (
              <th key={column.field} scope="col" className={`answers-table__header answers-table__header--${column.input}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => {
            const values = row !== null && typeof row === 'object' ? (row as Record<string, unknown>) : {};
            const rowLabel = (labelColumn && asText(values[labelColumn.field]).trim()) || t('answersTable.rowNumber', { number: rowIndex + 1 });
            return (
              <tr key={rowIndex} className="answers-table__row">
                {checked.map((column, columnIndex) => {
                  const path = `${name}.${rowIndex}.${column.field}`;
                  const accessibleName = t('answersTable.cellLabel', { header: column.header, row: rowLabel });
                  if (column.input === 'none') {
                    const text = asText(values[column.field]);
                    return columnIndex === 0 ? (
                      <th key={column.field} scope="row" className="answers-table__row-header">
                        {text}
                      </th>
                    ) : (
                      <td key={column.field} className="answers-table__cell">
                        <CellLabel header={column.header} />
                        {text}
                      </td>
                    );
                  }
                  return (
                    <td key={column.field} className="answers-table__cell">
                      <CellLabel header={column.header} />
                      {column.input === 'select' ? (
                        <SelectCell name={path} label={accessibleName} choices={column.choices} />
                      ) : (
                        <TextCell name={path} label={accessibleName} />
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The column header inside each cell, shown only when rows are stacked cards (narrow screens). */
function CellLabel({ header }: { header: string }) {
  return (
    <span className="answers-table__cell-label" aria-hidden="true">
      {header}
    </span>
  );
}

function SelectCell({ name, label, choices }: { name: string; label: string; choices: readonly Choice[] }) {
  const { value, readOnly, onChange, onBlur, inputRef } = useAnswerField<string>(name, 'AnswersTable');
  const current = typeof value === 'string' ? value : '';
  const t = useMessages(messages);
  return (
    <select
      ref={inputRef}
      name={name}
      aria-label={label}
      className="answers-table__select"
      value={current}
      disabled={readOnly}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
    >
      {withSavedChoice(choices, current, t('choice.empty')).map((choice, index) => (
        <option key={`${index}:${choice.value}`} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}


function TextCell({ name, label }: { name: string; label: string }) {
  const { value, readOnly, onChange, onBlur, inputRef, schema } = useAnswerField<string>(name, 'AnswersTable');
  const text = typeof value === 'string' ? value : '';
  const growWith = useAutoGrow(text);
  // The column's schema maxLength: typing stops where the server's limit is
  // (docs/security.md#server-limits).
  const noteId = `${useId()}-length`;
  const limit = lengthLimit(text, schema, noteId, useMessages(messages), useLocale());
  // Inside <MarkPastes>, a paste marks the cell (docs/requirements.md#validation); nothing is blocked.
  const paste = usePasteMark({ describedBy: limit.noteId });


  return (
    <>
      <textarea
        ref={(element) => {
          growWith(element);
          inputRef(element);
        }}
        name={name}
        aria-label={label}
        className="answers-table__text"
        rows={2}
        value={text}
        maxLength={limit.maxLength}
        readOnly={readOnly}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        spellCheck={!readOnly}
        {...(readOnly ? {} : paste.fieldProps)}
      />
      {readOnly ? null : limit.note}
      {readOnly ? null : paste.note}
    </>
  );
}
