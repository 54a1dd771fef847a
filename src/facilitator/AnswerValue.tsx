import messages from '../../content/locales/en/console.json';
import { shortDescription, useMessages, type AnswersSchema } from '../../engine/index.ts';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** True for a value a student left as the default empty text or choice. */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return true;
  if (Array.isArray(value)) return value.every(isEmpty);
  if (isRecord(value)) return Object.values(value).every(isEmpty);
  return false;
}

export interface AnswerValueProps {
  /** The field's schema node: it says how to show the value and names the parts of an object. */
  schema: AnswersSchema;
  /** The student's value at that field (repaired by the server, so of the schema's shape). */
  value: unknown;
}

/**
 * One student's answer to one field, read-only, shaped by the field's schema: a text with its line
 * breaks, a choice, a numbered list of items, or the parts of an object (a row, an ordering exercise)
 * each named by the short form of its description. Parts marked `"x-no-input"` are left out. An empty
 * answer reads "No answer" (`answerValue.empty` in content/locales/LOCALE/console.json).
 */
export function AnswerValue({ schema, value }: AnswerValueProps) {
  const t = useMessages(messages);
  if (isEmpty(value)) return <p className="answer-value answer-value--empty">{t('answerValue.empty')}</p>;
  if (Array.isArray(value)) {
    const items = schema.items ?? {};
    return (
      <ol className="answer-value answer-value--list">
        {value.map((item, index) => (
          <li key={index}>
            <AnswerValue schema={items} value={item} />
          </li>
        ))}
      </ol>
    );
  }
  if (isRecord(value)) {
    const parts = Object.entries(schema.properties ?? {}).filter(([, part]) => part['x-no-input'] !== true);
    return (
      <dl className="answer-value answer-value--parts">
        {parts.map(([key, part]) => (
          <div key={key} className="answer-value__part">
            <dt>{shortDescription(part.description ?? key)}</dt>
            <dd>
              <AnswerValue schema={part} value={value[key]} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return <p className="answer-value answer-value--text">{String(value)}</p>;
}
