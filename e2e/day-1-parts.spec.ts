import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signUp } from './helpers.ts';

// Day 1's worksheet, analogies, lac switch model, Multiple Cells steps, discussion and exit ticket: one
// input of each part is answered, autosaved, and found again after a reload (docs/requirements.md,
// "Answer fields", Day 1).
const ANSWERS: readonly [label: RegExp, text: string][] = [
  [/^Worksheet 3:/, 'An operon is a group of genes read together from one switch.'],
  [/^Analogy 2: a promoter is like/, 'the start line of a race'],
  [/^Analogy 2: why it fits/, 'It is where the runner, RNA polymerase, lines up before it moves along the track.'],
  [/^Lactose off \(before\)/, 'Almost no mRNA was made.'],
  [/^Lactose on \(after\)/, 'mRNA was made again, steadily.'],
  [/^Compare before and after/, 'Removing the blocker switched the gene on, like lactose pulling the repressor off.'],
  [/^Simulation step 2:/, 'No, some cells made more protein than others.'],
  [/^Discussion 1:/, 'It would spend energy making proteins it cannot use.'],
  [/^Exit ticket 2:/, 'It sits on the operator and blocks RNA polymerase.'],
];

test.describe('Day 1, every part has its inputs', () => {
  test('a student answers each part, it autosaves, and every answer is back after a reload', async ({ page }) => {
    await signUp(page);
    await page.goto('/sections/day-1');
    await expect(page.getByRole('status').filter({ hasText: 'Ready' })).toBeVisible();

    for (const [label, text] of ANSWERS) await page.getByRole('textbox', { name: label }).fill(text);
    // The pill reads "Saved • time" only once the server has confirmed every edit (nothing dirty, no save running).
    await expect(page.getByText(/^Saved • \d{1,2}:\d{2}/)).toBeVisible({ timeout: 10_000 });

    await page.reload();
    for (const [label, text] of ANSWERS) await expect(page.getByRole('textbox', { name: label })).toHaveValue(text);
  });

  test('has four worksheet questions, four analogies with a reason each, three steps, three discussion questions and a three-question exit ticket', async ({ page }) => {
    await signUp(page);
    await page.goto('/sections/day-1');
    await expect(page.getByRole('textbox', { name: /^Worksheet \d:/ })).toHaveCount(4);
    await expect(page.getByRole('textbox', { name: /^Analogy \d: why it fits/ })).toHaveCount(4);
    await expect(page.getByRole('textbox', { name: /^Analogy \d: (?!why)/ })).toHaveCount(4);
    await expect(page.getByRole('textbox', { name: /^Simulation step \d:/ })).toHaveCount(3);
    await expect(page.getByRole('textbox', { name: /^Discussion \d:/ })).toHaveCount(3);
    await expect(page.getByRole('textbox', { name: /^Exit ticket \d:/ })).toHaveCount(3);
    await expectNoSeriousAxeViolations(page);
  });
});
