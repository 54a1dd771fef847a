import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../engine/index.ts';
import { seriousAxeViolations } from '../../engine/test/axe.ts';
import { FIXTURE_NOW, ROOM_12 } from './fixtures.ts';
import { ProgressTable } from './ProgressTable.tsx';
import type { ComponentProps } from 'react';

function renderTable(props: Partial<ComponentProps<typeof ProgressTable>> = {}) {
  return render(
    <MemoryRouter>
      <ProgressTable progress={ROOM_12} now={FIXTURE_NOW} {...props} />
    </MemoryRouter>,
  );
}

/** The students' names in the order of the table's rows. */
const rowOrder = () =>
  screen
    .getAllByRole('rowheader')
    .map((header) => header.querySelector('span')?.textContent);

describe('the progress table', () => {
  afterEach(async () => {
    await act(() => activateLocale('en'));
  });

  it('marks the students with no activity for 10 minutes while another is active, in words, and nobody once the whole class is quiet', () => {
    // Grace was active 5 minutes before; Ada yesterday; Alan never.
    const { unmount } = renderTable();
    const idle = () => screen.queryAllByText('Idle').map((mark) => mark.closest('tr')!.querySelector('th span')!.textContent);
    expect(idle()).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(screen.getByRole('row', { name: /Ada Lovelace/ })).toHaveAttribute('data-idle', 'true');
    expect(screen.getByRole('row', { name: /Ada Lovelace/ })).toHaveTextContent('Idle: no activity for 10 minutes while others are active');
    unmount();
    // With the mark at 5 minutes, Grace's 5 minutes still count as active; turned off, nobody is marked.
    renderTable({ idleAfterMinutes: 5 });
    expect(idle()).toEqual(['Ada Lovelace', 'Alan Turing']);
    cleanup();
    renderTable({ idleAfterMinutes: 0 });
    expect(idle()).toEqual([]);
    cleanup();
    // An hour later nobody is active, so nobody is singled out.
    renderTable({ now: FIXTURE_NOW + 3_600_000 });
    expect(idle()).toEqual([]);
  });

  it('shows answered/fields and the state in words for each day, each cell linking to that student’s day', () => {
    renderTable();

    const ada = screen.getByRole('row', { name: /Ada Lovelace/ });
    const day1 = within(ada).getByRole('link', { name: /Ada Lovelace, Day 1:/ });
    expect(day1).toHaveTextContent('30/30');
    expect(day1).toHaveTextContent('Complete');
    expect(day1).toHaveAttribute('href', '/facilitator/classes/7/students/1/days/1');
    expect(day1.closest('td')).toHaveAttribute('data-state', 'complete');

    const day2 = within(ada).getByRole('link', { name: /Day 2:/ });
    expect(day2).toHaveTextContent('12/25');
    expect(day2).toHaveTextContent('In progress');
    expect(day2.closest('td')).toHaveAttribute('data-state', 'in_progress');

    const day3 = within(ada).getByRole('link', { name: /Day 3:/ });
    expect(day3).toHaveTextContent('0/20');
    expect(day3).toHaveTextContent('Not started');
    expect(within(ada).getByRole('cell', { name: '42/115' })).toBeInTheDocument();
  });

  it('gives the last activity as a relative time with the exact time, and "Never" without one', () => {
    renderTable();

    const grace = screen.getByRole('row', { name: /Grace Hopper/ });
    const time = within(grace).getByText('5 minutes ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-11-23T09:55:00Z');
    expect(time.getAttribute('title')).toMatch(/2026/);
    expect(within(screen.getByRole('row', { name: /Alan Turing/ })).getByText('Never')).toBeInTheDocument();
  });

  it('links each day’s heading to its answers by question', () => {
    renderTable();

    expect(screen.getByRole('link', { name: 'Day 3, by question' })).toHaveAttribute('href', '/facilitator/classes/7/days/3/questions');
  });

  it('sorts by name, then by progress, saying how in aria-sort', async () => {
    renderTable();
    const student = screen.getByRole('columnheader', { name: /Student/ });
    const week = screen.getByRole('columnheader', { name: /Week/ });

    expect(rowOrder()).toEqual(['Grace Hopper', 'Ada Lovelace', 'Alan Turing']);
    expect(student).toHaveAttribute('aria-sort', 'ascending');
    expect(week).not.toHaveAttribute('aria-sort');

    await userEvent.click(within(student).getByRole('button'));
    expect(rowOrder()).toEqual(['Alan Turing', 'Ada Lovelace', 'Grace Hopper']);
    expect(student).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(within(week).getByRole('button'));
    expect(rowOrder()).toEqual(['Ada Lovelace', 'Grace Hopper', 'Alan Turing']);
    expect(week).toHaveAttribute('aria-sort', 'descending');
    expect(student).not.toHaveAttribute('aria-sort');

    await userEvent.click(within(week).getByRole('button'));
    expect(rowOrder()).toEqual(['Alan Turing', 'Grace Hopper', 'Ada Lovelace']);
    expect(week).toHaveAttribute('aria-sort', 'ascending');
  });

  it('has no serious accessibility violation', async () => {
    const { container } = renderTable();

    expect(await seriousAxeViolations(container)).toEqual([]);
  });

  it('switches to Spanish in place: states, relative times, the idle mark and the links’ names', async () => {
    renderTable();
    await act(() => activateLocale('es'));

    const ada = screen.getByRole('row', { name: /Ada Lovelace/ });
    expect(within(ada).getByRole('link', { name: /Ada Lovelace, Día 1:/ })).toHaveTextContent('Completo');
    expect(within(ada).getByRole('link', { name: /Día 2:/ })).toHaveTextContent('En progreso');
    expect(ada).toHaveTextContent('Inactivo: sin actividad durante 10 minutos mientras otros están activos');
    expect(within(screen.getByRole('row', { name: /Grace Hopper/ })).getByText('hace 5 minutos')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Alan Turing/ })).getByText('Nunca')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Día 3, por pregunta' })).toHaveAttribute('href', '/facilitator/classes/7/days/3/questions');
    expect(screen.getByRole('columnheader', { name: /Semana/ })).toBeInTheDocument();
  });
});
