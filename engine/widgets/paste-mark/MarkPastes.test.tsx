import { composeStories } from '@storybook/react-vite';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../../test/axe.ts';
import { MarkPastes } from './MarkPastes.tsx';
import * as stories from './MarkPastes.stories.tsx';
import { usePasteMark } from './use-paste-mark.tsx';

const PASTE_NOTE = 'Pasted text: make sure this answer is in your own words.';

const { Empty, AfterPaste, OutsideMarkPastes } = composeStories(stories);
const question = 'How could a blood test help find cancer early?';
const pastedText = 'Tumour cells shed DNA into the blood, so a test can look for it before symptoms appear.';
type PlayContext = Parameters<NonNullable<typeof AfterPaste.play>>[0];

const box = () => screen.getByRole('textbox', { name: question });

describe('MarkPastes with FreeText', () => {
  it('shows nothing unusual before a paste', () => {
    render(<Empty />);
    expect(box()).not.toHaveAttribute('data-paste-warned');
    expect(screen.queryByText(PASTE_NOTE)).not.toBeInTheDocument();
    expect(box()).toHaveAccessibleDescription('Two or three sentences, in your own words.');
  });

  describe('after a paste inside MarkPastes', () => {
    it('marks the field and shows the note, while the pasted text goes in as usual', async () => {
      const { container } = render(<AfterPaste />);
      await AfterPaste.play!({ canvasElement: container } as PlayContext);
      expect(box()).toHaveValue(pastedText);
      expect(box()).toHaveAttribute('data-paste-warned', 'true');
      expect(screen.getByText(PASTE_NOTE)).toBeVisible();
    });

    it('announces the note with the field, after its hint', async () => {
      const { container } = render(<AfterPaste />);
      await AfterPaste.play!({ canvasElement: container } as PlayContext);
      expect(box()).toHaveAccessibleDescription(`Two or three sentences, in your own words. ${PASTE_NOTE}`);
      expect(screen.getByRole('status')).toHaveTextContent(PASTE_NOTE);
    });

    it('keeps the mark while the student goes on typing', async () => {
      render(<Empty />);
      await userEvent.click(box());
      await userEvent.paste(pastedText);
      await userEvent.type(box(), ' I think.');
      expect(box()).toHaveValue(`${pastedText} I think.`);
      expect(box()).toHaveAttribute('data-paste-warned', 'true');
    });

    it('is marked by a bare paste event too (fireEvent.paste), which prevents nothing', () => {
      render(<Empty />);
      const notPrevented = fireEvent.paste(box(), { clipboardData: { getData: () => 'Copied words.' } });
      expect(notPrevented).toBe(true);
      expect(box()).toHaveAttribute('data-paste-warned', 'true');
    });

    it('stays unmarked when the clipboard held no text', () => {
      render(<Empty />);
      fireEvent.paste(box(), { clipboardData: { getData: () => '' } });
      expect(box()).not.toHaveAttribute('data-paste-warned');
    });
  });

  describe('outside MarkPastes', () => {
    it('takes the paste and marks nothing', async () => {
      const { container } = render(<OutsideMarkPastes />);
      await OutsideMarkPastes.play!({ canvasElement: container } as PlayContext);
      expect(box()).toHaveValue(pastedText);
      expect(box()).not.toHaveAttribute('data-paste-warned');
      expect(screen.queryByText(PASTE_NOTE)).not.toBeInTheDocument();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(box()).toHaveAccessibleDescription('Two or three sentences, in your own words.');
    });

    it('ignores a bare paste event', () => {
      render(<OutsideMarkPastes />);
      fireEvent.paste(box(), { clipboardData: { getData: () => 'Copied words.' } });
      expect(box()).not.toHaveAttribute('data-paste-warned');
    });
  });

  it('renders only its children, with no element of its own', () => {
    const { container } = render(
      <MarkPastes>
        <p>Lesson text.</p>
      </MarkPastes>,
    );
    expect(container.innerHTML).toBe('<p>Lesson text.</p>');
  });

  it.each([
    ['Empty', Empty],
    ['OutsideMarkPastes', OutsideMarkPastes],
  ])('has no serious accessibility violation when %s', async (_state, Story) => {
    const { container } = render(<Story />);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('has no serious accessibility violation after a paste', async () => {
    const { container } = render(<AfterPaste />);
    await AfterPaste.play!({ canvasElement: container } as PlayContext);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});

/** A single-line text input using the hook, as another widget's text cells would. */
function PlainInput() {
  const [text, setText] = useState('');
  const paste = usePasteMark();
  return (
    <>
      <input aria-label="Notes" value={text} onChange={(event) => setText(event.target.value)} {...paste.fieldProps} />
      {paste.note}
    </>
  );
}

describe('usePasteMark on any text input', () => {
  it('marks an <input> inside MarkPastes, with its own note text, and describes the input by it', async () => {
    render(
      <MarkPastes note="Pasted: use your own words.">
        <PlainInput />
      </MarkPastes>,
    );
    const input = screen.getByRole('textbox', { name: 'Notes' });
    expect(input).not.toHaveAttribute('aria-describedby');
    await userEvent.click(input);
    await userEvent.paste('Copied words.');
    expect(input).toHaveValue('Copied words.');
    expect(input).toHaveAttribute('data-paste-warned', 'true');
    expect(input).toHaveAccessibleDescription('Pasted: use your own words.');
  });

  it('does nothing outside MarkPastes', async () => {
    render(<PlainInput />);
    const input = screen.getByRole('textbox', { name: 'Notes' });
    await userEvent.click(input);
    await userEvent.paste('Copied words.');
    expect(input).toHaveValue('Copied words.');
    expect(input).not.toHaveAttribute('data-paste-warned');
  });
});
