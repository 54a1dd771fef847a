import { composeStories } from '@storybook/react-vite';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../engine/index.ts';
import { seriousAxeViolations } from '../../engine/test/axe.ts';
import * as stories from './DayLessons.stories.tsx';

const { Day1WithSampleAnswers, Day2WithSampleAnswers, Day3WithSampleAnswers, Day3RestoredFromOldShape, Day4RestoredFromAliasedRows, Day5WithSampleAnswers } =
  composeStories(stories);

/** The answers object the story shows beside the lesson, parsed. */
function shownAnswers(): Record<string, unknown> {
  const panel = screen.getByRole('complementary', { name: 'The answers object this lesson produces' });
  return JSON.parse(panel.querySelector('pre')!.textContent!) as Record<string, unknown>;
}

describe('day lesson stories (issue 8: every day in Storybook, from its MDX)', () => {
  it.each([
    ['Day 1', Day1WithSampleAnswers],
    ['Day 2', Day2WithSampleAnswers],
    ['Day 3', Day3WithSampleAnswers],
    ['Day 4', Day4RestoredFromAliasedRows],
    ['Day 5', Day5WithSampleAnswers],
  ])('%s renders its lesson with every widget working, and no serious accessibility violation', async (day, Story) => {
    const { container } = render(<Story />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(day);
    expect(screen.queryByText(/Lesson problem in/)).not.toBeInTheDocument(); // no widget failed
    expect(await seriousAxeViolations(container)).toEqual([]);
  }, 30_000);

  it("shows a day in the toolbar's language, switched in place with the answers kept", async () => {
    render(<Day1WithSampleAnswers />);
    const answer = screen.getAllByRole('textbox').find((box) => (box as HTMLTextAreaElement).value.startsWith('Expression is making'))!;
    expect(answer).toBeDefined();
    try {
      await act(() => activateLocale('es'));
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Día 1 — /);
      expect(screen.getByRole('main')).toHaveAttribute('lang', 'es');
      expect(screen.getAllByRole('textbox').some((box) => (box as HTMLTextAreaElement).value === 'Expression is making the product; regulation decides when and how much.')).toBe(true);
    } finally {
      await act(() => activateLocale('en'));
    }
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Day 1 — /);
  }, 30_000);

  it('shows the answers object change as the student types', async () => {
    render(<Day2WithSampleAnswers />);
    expect((shownAnswers().cellCycle as { phasesTwo: string[] }).phasesTwo).toEqual(['Interphase', 'Mitosis']);
    await userEvent.type(screen.getByRole('textbox', { name: 'What does the cell do during G1?' }), 'Grows');
    expect((shownAnswers().cellCycle as { interphaseG1: string }).interphaseG1).toBe('Grows');
  });

  it('restores an older Day 3 save: the default table rows and an empty Think and Respond', () => {
    render(<Day3RestoredFromOldShape />);
    expect(screen.getByRole('combobox', { name: 'Category for HK1' })).toHaveValue('typical');
    expect(screen.getByRole('combobox', { name: 'Category for MYC' })).toHaveValue('');
    expect(shownAnswers().inquiry).toEqual({ think: '' });
  });

  it('shows Day 4 rows saved as TP53 and MYC as EGFR and RAS, keeping their text', () => {
    render(<Day4RestoredFromAliasedRows />);
    const table = shownAnswers().viz as { geneTable: { gene: string; normalFunction: string }[] };
    expect(table.geneTable.map((row) => row.gene)).toEqual(['EGFR', 'RAS', 'TDG']);
    expect(table.geneTable[0]!.normalFunction).toBe('A growth signal receptor.');
  });

  it('keeps Day 3 sample answers in the table', () => {
    render(<Day3WithSampleAnswers />);
    expect(screen.getByRole('combobox', { name: 'Category for BRCA1' })).toHaveValue('suspicious');
  });
});
