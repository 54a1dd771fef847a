import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, DEFAULT_LOCALE } from '../i18n/messages.ts';
import { expectAxeClean } from '../test/axe.ts';
import { Peek, PeekSource, type PeekLanguage } from './Peek.tsx';

/** A question and a paragraph of a lesson, each a block a reader may peek at in `source`'s language. */
function lesson(source: PeekLanguage | null) {
  return render(
    <PeekSource.Provider value={source}>
      <Peek block="4">
        <p>Genes are instructions.</p>
      </Peek>
      <Peek block="7">
        <label>
          What is a gene? <textarea />
        </label>
      </Peek>
    </PeekSource.Provider>,
  );
}

const spanish = (blocks: () => Promise<Record<string, string>>): PeekLanguage => ({ language: 'es', blocks });

afterEach(async () => {
  await act(() => activateLocale(DEFAULT_LOCALE));
});

describe('Peek', () => {
  it('shows a block in the other language under it from the keyboard, with its lang, and hides it again', async () => {
    const user = userEvent.setup();
    const blocks = vi.fn(() => Promise.resolve({ 4: '<p>Los genes son instrucciones.</p>', 7: '<p>¿Qué es un gen?</p>' }));
    lesson(spanish(blocks));
    const [first, second] = screen.getAllByRole('button', { name: 'Show this part in Spanish' });
    expect(first).toHaveAttribute('aria-expanded', 'false');

    await user.tab();
    await user.tab();
    await user.tab();
    expect(second).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(second).toHaveAttribute('aria-expanded', 'true');
    const shown = await screen.findByText('¿Qué es un gen?');
    expect(shown.closest('[lang]')).toHaveAttribute('lang', 'es');
    expect(document.getElementById(second!.getAttribute('aria-controls')!)).toContainElement(shown);
    expect(screen.getByText('In Spanish')).toBeVisible();
    expect(screen.queryByText('Los genes son instrucciones.')).toBeNull();
    expect(second).toHaveFocus();
    await expectAxeClean(document.body);

    await user.keyboard(' ');
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('¿Qué es un gen?')).toBeNull();
  });

  it('keeps what the student typed in the block while the other language opens', async () => {
    const user = userEvent.setup();
    lesson(spanish(() => Promise.resolve({ 7: '<p>¿Qué es un gen?</p>' })));
    await user.type(screen.getByRole('textbox', { name: 'What is a gene?' }), 'A recipe');
    await user.click(screen.getAllByRole('button', { name: 'Show this part in Spanish' })[1]!);
    await screen.findByText('¿Qué es un gen?');
    expect(screen.getByRole('textbox', { name: 'What is a gene?' })).toHaveValue('A recipe');
  });

  it('is named in the reader’s language, and names the other language in it', async () => {
    await act(() => activateLocale('es'));
    lesson({ language: 'en', blocks: () => Promise.resolve({ 4: '<p>Genes hold the instructions.</p>' }) });
    const [first] = screen.getAllByRole('button', { name: 'Mostrar esta parte en inglés' });
    await userEvent.setup().click(first!);
    expect(await screen.findByText('En inglés')).toBeVisible();
    expect(screen.getByText('Genes hold the instructions.').closest('[lang]')).toHaveAttribute('lang', 'en');
  });

  it('says a failed download and tries again at the next press', async () => {
    const user = userEvent.setup();
    const blocks = vi.fn<() => Promise<Record<string, string>>>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue({ 4: '<p>Los genes son instrucciones.</p>' });
    lesson(spanish(blocks));
    const [first] = screen.getAllByRole('button', { name: 'Show this part in Spanish' });
    await user.click(first!);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load this part');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    await user.click(first!);
    expect(await screen.findByText('Los genes son instrucciones.')).toBeVisible();
    expect(blocks).toHaveBeenCalledTimes(2);
  });

  it('offers no control without a source of the other language (Storybook, a facilitator’s page)', () => {
    lesson(null);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Genes are instructions.')).toBeVisible();
  });
});
