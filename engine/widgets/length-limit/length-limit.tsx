import type { ReactNode } from 'react';
import messages from '../../../content/locales/en/engine.json';
import { currentLocale, translator, type Translate } from '../../i18n/messages.ts';
import type { AnswersSchema } from '../../schema/types.ts';
import './LengthLimit.css';

/** The note appears once a text reaches this share of its field's `maxLength`: 0.9, i.e. the last 10%. */
export const LENGTH_NOTE_FROM = 0.9;

/** What {@link lengthLimit} gives a text field. */
export interface LengthLimit {
  /** The field's `maxLength` from the schema, for the `<textarea maxLength>`; undefined when it has none. */
  maxLength: number | undefined;
  /** The note's id while it shows, to add to the field's `aria-describedby`; undefined otherwise. */
  noteId: string | undefined;
  /** Render right after the field: the note near and at the limit, else nothing (no layout change). */
  note: ReactNode;
}

/**
 * Makes a text widget honour its field's `maxLength`, so a student can never type more than the server
 * accepts (docs/security.md#server-limits; server/answers/validators.ts refuses longer strings). The
 * browser stops typing and pasting at the limit (`maxLength` counts UTF-16 units, never fewer than the
 * code points the server counts). A note shows only in the last 10% ({@link LENGTH_NOTE_FROM}): "Nearly
 * full" with the count, "full" at the limit, and "shorten it" for a saved answer already longer (from
 * before the limit). Answers have no length rule a student sees (docs/requirements.md#answer-fields), and
 * with limits of thousands of characters a student normally never sees the note. The note is in the
 * reader's language (`lengthLimit.*` in content/locales/LOCALE/engine.json), its numbers written as that
 * language writes them ("4,000" in English).
 *
 * @param text - the field's current text
 * @param schema - the field's schema node (`useAnswerField(…).schema`)
 * @param id - a unique id for the note (from `useId`)
 * @param t - the engine catalogue's messages: a component passes `useMessages(messages)`, so the note
 *   follows a change of language; the active language's unless given
 * @param locale - the language the numbers are written in (`useLocale()`); the active one unless given
 * @returns `{ maxLength, noteId, note }`
 * @example
 * const limit = lengthLimit(text, schema, `${id}-length`, t, locale);
 * <textarea maxLength={limit.maxLength} aria-describedby={limit.noteId} … />{limit.note}
 */
export function lengthLimit(text: string, schema: AnswersSchema, id: string, t: Translate<typeof messages> = translator(messages), locale: string = currentLocale()): LengthLimit {
  const maxLength = typeof schema.maxLength === 'number' && schema.maxLength > 0 ? schema.maxLength : undefined;
  if (maxLength === undefined || text.length < Math.ceil(maxLength * LENGTH_NOTE_FROM)) return { maxLength, noteId: undefined, note: null };
  const count = new Intl.NumberFormat(locale);
  // `limit` chooses "character" or "characters"; `max` and `length` are the numbers as written.
  const values = { limit: maxLength, max: count.format(maxLength), length: count.format(text.length) };
  const message = t(text.length > maxLength ? 'lengthLimit.over' : text.length === maxLength ? 'lengthLimit.full' : 'lengthLimit.nearlyFull', values);
  const note = (
    <p className={text.length > maxLength ? 'length-limit length-limit--over' : 'length-limit'} id={id} role="status">
      {message}
    </p>
  );
  return { maxLength, noteId: id, note };
}
