import { useCallback, useContext, useId, useState, type ClipboardEvent, type ReactNode } from 'react';
import messages from '../../../content/locales/en/engine.json';
import { useMessages } from '../../i18n/messages.ts';
import { PasteMarkContext } from './paste-mark-context.ts';
import './MarkPastes.css';

/** Options of {@link usePasteMark}. */
export interface PasteMarkOptions {
  /** Ids (space-separated) the field is already described by, e.g. its hint; kept before the note's id. */
  describedBy?: string;
}

/** Props to spread on the text field (a `<textarea>` or `<input>`). */
export interface PasteMarkFieldProps {
  onPaste: (event: ClipboardEvent<HTMLElement>) => void;
  /** `"true"` once the field is marked; absent otherwise. */
  'data-paste-warned'?: 'true';
  /** `describedBy` plus the note's id once the field is marked, so the note is read with the field. */
  'aria-describedby'?: string;
}

/** What {@link usePasteMark} gives a text field. */
export interface PasteMark {
  /** True inside `<MarkPastes>`: pastes into this field are marked. */
  marking: boolean;
  /** True once the student pasted into this field during this page visit (only while `marking`). */
  pasted: boolean;
  /** The paste handler (also in `fieldProps`). It never prevents the paste. */
  onPaste: (event: ClipboardEvent<HTMLElement>) => void;
  /** Spread on the field: `onPaste`, `data-paste-warned` and `aria-describedby`. */
  fieldProps: PasteMarkFieldProps;
  /**
   * Render right after the field: a polite status line that shows the note once the field is marked
   * (announced once when it appears). `null` outside `<MarkPastes>`.
   */
  note: ReactNode;
}

/**
 * Marks a text field the student pasted into, when the section asks for it with `<MarkPastes>`
 * (docs/requirements.md#validation). Nothing is blocked: the paste goes in and is saved as usual. The
 * mark is a styled border, `data-paste-warned="true"` on the field and a note under it; it lasts for this
 * page visit (component state) and is never stored in the answers. Pasting nothing (an empty clipboard,
 * an image into a text box) leaves the field unmarked. Outside `<MarkPastes>` it does nothing. The note is
 * the section's own, else `markPastes.note` in content/locales/LOCALE/engine.json.
 *
 * @param options - `describedBy`: the field's own description ids (e.g. a hint), merged with the note's
 * @returns `{ marking, pasted, onPaste, fieldProps, note }`
 * @example
 * const paste = usePasteMark({ describedBy: hintId });
 * return (<><textarea {...paste.fieldProps} value={text} onChange={…} />{paste.note}</>);
 */
export function usePasteMark({ describedBy }: PasteMarkOptions = {}): PasteMark {
  const settings = useContext(PasteMarkContext);
  const t = useMessages(messages);
  const marking = settings !== null;
  const [pastedHere, setPastedHere] = useState(false);
  const noteId = useId();
  const pasted = marking && pastedHere;

  const onPaste = useCallback(
    (event: ClipboardEvent<HTMLElement>) => {
      if (!marking) return;
      const clipboard = event.clipboardData as DataTransfer | null | undefined;
      if (clipboard && clipboard.getData('text/plain') === '' && clipboard.getData('text') === '') return;
      setPastedHere(true);
    },
    [marking],
  );

  const describedByWithNote = pasted ? [describedBy, noteId].filter(Boolean).join(' ') : describedBy || undefined;
  const fieldProps: PasteMarkFieldProps = { onPaste, 'aria-describedby': describedByWithNote };
  if (pasted) fieldProps['data-paste-warned'] = 'true';

  // The status line is there (empty) before the paste, so screen readers announce the note when it appears.
  const note = settings ? (
    <div className="paste-mark__status" role="status">
      {pasted ? (
        <p className="paste-mark__note" id={noteId}>
          <svg className="paste-mark__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M1 21h22L12 2 1 21Zm12-3h-2v-2h2v2Zm0-4h-2v-4h2v4Z" />
          </svg>
          {settings.note ?? t('markPastes.note')}
        </p>
      ) : null}
    </div>
  ) : null;

  return { marking, pasted, onPaste, fieldProps, note };
}
