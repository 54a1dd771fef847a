import { expect, test } from '@playwright/test';
import { addFacilitatorWithCli, PASSWORD, saveWithApi, signIn, studentPage } from './console-helpers.ts';
import { expectNoSeriousAxeViolations, signUp, uniqueUsername, VIEWPORTS } from './helpers.ts';

for (const viewport of VIEWPORTS) {
  test(`a teacher writes feedback on an answer, the student reads it beside the answer, and the teacher sees it read, at ${viewport.width}x${viewport.height}`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const className = `Bio ${uniqueUsername('fb-')}`;
    const teacherName = uniqueUsername('rivera');
    addFacilitatorWithCli(teacherName);
    const login = await request.post('/api/token/', { data: { username: teacherName, password: PASSWORD } });
    const { access } = (await login.json()) as { access: string };
    const created = await request.post('/api/facilitator/classes/', { headers: { authorization: `Bearer ${access}` }, data: { name: className } });
    const { id: classId } = (await created.json()) as { id: number };

    // Ada, in her own browser, has answered Day 1's question on expression and regulation.
    const ada = await studentPage(browser, viewport);
    await signUp(ada, 'Ada', className);
    const adaAccess = await ada.evaluate(() => localStorage.getItem('accessToken'));
    await saveWithApi(request, adaAccess!, 1, { geneQ1: 'Regulation decides when a gene is read.' });

    // The teacher steps through Day 1 by question: each worksheet question shows its own prompt.
    const teacher = await studentPage(browser, viewport);
    await signIn(teacher, teacherName, PASSWORD);
    await expect(teacher).toHaveURL(/\/facilitator$/);
    await teacher.goto(`/facilitator/classes/${classId}/days/1/questions`);
    const question = teacher.getByRole('heading', { level: 2 }).first();
    await expect(question).toHaveText('Worksheet 1: what is a gene, and what does a cell usually make from it?');
    for (const prompt of [/^Worksheet 2: what happens at a promoter\?$/, /^Worksheet 3: what is an operon/, /^Worksheet 4: which two lac proteins/]) {
      await teacher.getByRole('button', { name: 'Next →' }).click();
      await expect(question).toHaveText(prompt);
    }

    // On geneQ1, with names shown, she writes to Ada.
    await teacher.getByLabel('Question').selectOption({ label: 'In your own words, how is gene expression different from gene regulation?' });
    await teacher.getByLabel('Show names').check();
    const card = teacher.getByRole('listitem').filter({ hasText: 'Regulation decides when a gene is read.' });
    await card.getByRole('button', { name: /^Write feedback for Ada Lovelace/ }).click();
    await card.getByRole('textbox', { name: /^Feedback for Ada Lovelace/ }).fill('Good start. Now add an example: a skin cell and a nerve cell.');
    await card.getByRole('button', { name: 'Send feedback' }).click();
    const written = card.getByRole('note', { name: 'Feedback from Ms Rivera' });
    await expect(written).toContainText('Not read yet');
    await expectNoSeriousAxeViolations(teacher);

    // Ada sees one new feedback in the bar, opens Day 1 and reads the note under her answer.
    await ada.goto('/student_profile');
    const folded = viewport.width < 720;
    // On a phone the folded Menu button counts it with the unread welcome messages.
    if (folded) await ada.getByRole('button', { name: /^Menu\s*, \d+ unread messages and feedback$/ }).click();
    const modules = ada.getByRole('button', { name: /^Modules\s*, 1 new feedback$/ });
    await expect(modules).toBeVisible();
    await modules.click();
    await ada.getByRole(folded ? 'link' : 'menuitem', { name: /^Day 1: Gene Regulation\s*, 1 new feedback$/ }).click();
    const answer = ada.getByRole('textbox', { name: /how is gene expression different from gene regulation/ });
    await expect(answer).toHaveValue('Regulation decides when a gene is read.');
    const note = ada.getByRole('note', { name: 'Feedback from Ms Rivera' });
    await expect(note).toContainText('Good start. Now add an example: a skin cell and a nerve cell.');
    // Under the answer, never over it.
    const [answerBox, noteBox] = [await answer.boundingBox(), await note.boundingBox()];
    expect(noteBox!.y).toBeGreaterThanOrEqual(answerBox!.y + answerBox!.height);
    // Read now: the count is gone.
    await expect(folded ? ada.getByRole('button', { name: /^Menu\s*, \d+ unread$/ }) : ada.getByRole('button', { name: /^Modules$/ })).toBeVisible();
    await expectNoSeriousAxeViolations(ada);

    // The teacher, on reloading, sees it read.
    await teacher.reload();
    await expect(teacher.getByRole('note', { name: 'Feedback from Ms Rivera' })).toContainText(/Read (just now|\d+ (second|minute)s? ago)/);
    await ada.context().close();
    await teacher.context().close();
  });
}
