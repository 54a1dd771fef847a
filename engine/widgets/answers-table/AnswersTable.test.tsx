import { composeStories } from '@storybook/react-vite';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seriousAxeViolations } from '../../test/axe.ts';
import type { AnswersTableColumn } from './AnswersTable.tsx';
import * as stories from './AnswersTable.stories.tsx';

const { Empty, Filled, RestoredFromSaved, InvalidSavedValue, KeyboardOnly, NarrowScreen } = composeStories(stories);
const CAPTION = 'Sort each gene: typical or suspicious?';
const GENES = ['HK1', 'GAPDH', 'BRCA1', 'BRCA2', 'TP53', 'MYC'];

const category = (gene: string) => screen.getByRole('combobox', { name: `Category for ${gene}` });
const notes = (gene: string) => screen.getByRole('textbox', { name: `Notes for ${gene}` });
const optionLabels = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);

describe('AnswersTable', () => {
  afterEach(() => vi.restoreAllMocks());

  describe('with nothing saved', () => {
    it('is a table named by its caption, with Gene, Category and Notes column headers', () => {
      render(<Empty />);
      const table = screen.getByRole('table', { name: CAPTION });
      expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Gene', 'Category', 'Notes']);
    });

    it('has one row per default row, each headed by its gene', () => {
      render(<Empty />);
      expect(screen.getAllByRole('rowheader').map((header) => header.textContent)).toEqual(GENES);
    });

    it('presets the first two genes to Typical and leaves the others on "— choose —"', () => {
      render(<Empty />);
      expect(category('HK1')).toHaveDisplayValue('Typical');
      expect(category('GAPDH')).toHaveDisplayValue('Typical');
      for (const gene of ['BRCA1', 'BRCA2', 'TP53', 'MYC']) {
        expect(category(gene)).toHaveValue('');
        expect(category(gene)).toHaveDisplayValue('— choose —');
      }
      expect(optionLabels(category('TP53'))).toEqual(['— choose —', 'Typical', 'Suspicious']);
    });

    it('gives every row an empty Notes box', () => {
      render(<Empty />);
      for (const gene of GENES) expect(notes(gene)).toHaveValue('');
    });
  });

  describe('when the student answers', () => {
    it('stores the chosen value, not its label', async () => {
      render(<Empty />);
      await userEvent.selectOptions(category('TP53'), 'Suspicious');
      expect(category('TP53')).toHaveValue('suspicious');
      expect(category('TP53')).toHaveDisplayValue('Suspicious');
      await userEvent.selectOptions(category('HK1'), '— choose —');
      expect(category('HK1')).toHaveValue('');
    });

    it('takes notes of any length in each row', async () => {
      render(<Empty />);
      const long = 'Quieter in the tumour. '.repeat(12);
      await userEvent.type(notes('MYC'), long);
      expect(notes('MYC')).toHaveValue(long);
      expect(notes('MYC')).not.toHaveAttribute('maxlength');
      expect(notes('TP53')).toHaveValue('');
    });
  });

  it('shows saved choices and notes', () => {
    render(<Filled />);
    expect(category('BRCA1')).toHaveDisplayValue('Suspicious');
    expect(category('MYC')).toHaveDisplayValue('Typical');
    expect(notes('BRCA1')).toHaveValue('Much quieter in the tumour sample than in healthy tissue.');
    expect((notes('TP53') as HTMLTextAreaElement).value).toMatch(/^Almost silent in patient 2\.\nA tumour suppressor/);
  });

  it('keeps a saved choice that is no longer an option, shown as an extra option', () => {
    const columns = Filled.args.columns!.map((column): AnswersTableColumn =>
      column.field === 'category' ? { ...column, options: [{ value: '', label: '— choose —' }, { value: 'typical', label: 'Typical' }] } : column,
    );
    render(<Filled columns={columns} />);
    expect(category('BRCA1')).toHaveValue('suspicious');
    expect(optionLabels(category('BRCA1'))).toEqual(['— choose —', 'Typical', 'suspicious']);
    expect(optionLabels(category('MYC'))).toEqual(['— choose —', 'Typical']);
  });

  it('takes plain string options as both value and label', async () => {
    const columns = Empty.args.columns!.map((column): AnswersTableColumn =>
      column.field === 'category' ? { ...column, options: ['', 'typical', 'suspicious'] } : column,
    );
    render(<Empty columns={columns} />);
    expect(optionLabels(category('TP53'))).toEqual(['', 'typical', 'suspicious']);
    await userEvent.selectOptions(category('TP53'), 'suspicious');
    expect(category('TP53')).toHaveValue('suspicious');
  });

  describe('restored from an older save with fewer rows', () => {
    it('keeps the saved rows and adds the missing default rows', () => {
      render(<RestoredFromSaved />);
      expect(screen.getAllByRole('rowheader').map((header) => header.textContent)).toEqual(GENES);
      expect(notes('HK1')).toHaveValue('Steady everywhere.');
      expect(category('BRCA1')).toHaveDisplayValue('Suspicious');
      expect(notes('BRCA2')).toHaveValue('Not sure yet.');
    });

    it('fills fields the old rows lacked with empty text', () => {
      render(<RestoredFromSaved />);
      expect(notes('GAPDH')).toHaveValue('');
      expect(category('TP53')).toHaveValue('');
      expect(category('MYC')).toHaveValue('');
    });
  });

  it('shows "— choose —" where a saved category was not allowed ("loud"), and keeps the note beside it', () => {
    render(<InvalidSavedValue />);
    expect(category('BRCA1')).toHaveValue('');
    expect(category('BRCA1')).toHaveDisplayValue('— choose —');
    expect(optionLabels(category('BRCA1'))).toEqual(['— choose —', 'Typical', 'Suspicious']);
    expect(notes('BRCA1')).toHaveValue('Very loud in the tumour.');
  });

  it('works with the keyboard alone: Tab goes Category, Notes, then the next row', async () => {
    const { container } = render(<KeyboardOnly />);
    await KeyboardOnly.play!({ canvasElement: container } as Parameters<NonNullable<typeof KeyboardOnly.play>>[0]);
    expect(category('HK1')).toHaveValue('suspicious');
    expect(notes('HK1')).toHaveValue('Changed in this sample.');
    expect(category('GAPDH')).toHaveFocus();
  });

  it('keeps the same table, rows and names on a narrow screen (the cards are CSS only)', () => {
    render(<NarrowScreen />);
    expect(screen.getByRole('table', { name: CAPTION })).toBeInTheDocument();
    expect(screen.getAllByRole('rowheader')).toHaveLength(GENES.length);
    expect(notes('MYC')).toBeInTheDocument();
  });

  describe('names each input by its column and the row', () => {
    it('falls back to the row number when the table has no read-only column', () => {
      const columns = Empty.args.columns!.filter((column) => column.input !== 'none');
      render(<Empty columns={columns} />);
      expect(screen.queryAllByRole('rowheader')).toEqual([]);
      expect(screen.getByRole('combobox', { name: 'Category for row 1' })).toHaveDisplayValue('Typical');
      expect(screen.getByRole('textbox', { name: 'Notes for row 6' })).toBeInTheDocument();
    });

    it('uses a read-only column that is not first as a plain cell, still naming the row by it', () => {
      const [gene, ...rest] = Empty.args.columns!;
      render(<Empty columns={[...rest, gene!]} />);
      expect(screen.queryAllByRole('rowheader')).toEqual([]);
      expect(screen.getAllByRole('cell', { name: /TP53/ })).toHaveLength(1);
      expect(category('TP53')).toBeInTheDocument();
    });
  });

  describe('stops with a message an author can act on', () => {
    it('when a column names a field the rows lack', () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const columns: AnswersTableColumn[] = [...Empty.args.columns!, { field: 'score', header: 'Score', input: 'text' }];
      expect(() => render(<Empty columns={columns} />)).toThrow(
        '<AnswersTable name="compare.table">: column 4 has field "score", but each row\'s fields are gene, category, notes.',
      );
    });

    it('when a select column has no options', () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const columns: AnswersTableColumn[] = [{ field: 'category', header: 'Category', input: 'select' }];
      expect(() => render(<Empty columns={columns} />)).toThrow('<AnswersTable name="compare.table">: column 1 ("category") is a select and needs options.');
    });

    it('when an input kind is unknown', () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const columns = [{ field: 'notes', header: 'Notes', input: 'textarea' }] as unknown as AnswersTableColumn[];
      expect(() => render(<Empty columns={columns} />)).toThrow('column 1 ("notes") has input "textarea"; expected "none", "text" or "select".');
    });

    it('when the field is not a list of rows', () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(() => render(<Empty name="compare.table.0.notes" />)).toThrow('<AnswersTable name="compare.table.0.notes">: expected a list of rows');
    });

    it('when the schema has no such field', () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(() => render(<Empty name="compare.rows" />)).toThrow('<AnswersTable name="compare.rows">: the day\'s answers schema has no field "compare.rows".');
    });
  });

  it.each([
    ['Empty', Empty],
    ['Filled', Filled],
    ['RestoredFromSaved', RestoredFromSaved],
    ['InvalidSavedValue', InvalidSavedValue],
    ['NarrowScreen', NarrowScreen],
  ])('has no serious accessibility violation when %s', async (_state, Story) => {
    const { container } = render(<Story />);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
