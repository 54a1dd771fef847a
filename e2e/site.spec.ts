import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, signUp, signUpThroughPage, VIEWPORTS } from './helpers.ts';

/** Opens a top-navigation menu from the keyboard and chooses one of its items. */
async function chooseFromMenu(page: Page, menu: string, item: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: menu }).focus();
  await page.keyboard.press('Enter');
  const option = page.getByRole('menuitem', { name: item });
  await expect(option).toBeVisible();
  await option.focus();
  await page.keyboard.press('Enter');
}

test.describe('home page', () => {
  test('a visitor sees the login link, the gallery, the team and the resources', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Student Login / Sign-Up' })).toHaveAttribute('href', '/login');
    const carousel = page.getByRole('region', { name: 'Research features' });
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    await expect(carousel.getByRole('button', { name: /^Slide \d of 4/ })).toHaveCount(4);
    // Slide 1 is a silent looping video (content/site/gallery.json); the Pause button stops it (WCAG 2.2.2).
    const video = carousel.locator('video');
    await expect(video).toHaveAttribute('src', '/images/gallery-dnmt3a.webm');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused && element.readyState >= 2)).toBe(true);
    await carousel.getByRole('button', { name: 'Pause slide show' }).click();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    await carousel.getByRole('button', { name: /^Slide 3 of 4/ }).click();
    await expect(carousel.getByRole('group', { name: '3 of 4' })).toBeVisible();
    const team = page.getByRole('region', { name: 'Meet Our Team' });
    await expect(team.getByRole('heading', { level: 3 })).toHaveCount(6);
    await expect(team.getByRole('heading', { name: 'Dr. Norbert Reich' })).toBeVisible();
    const resources = page.getByRole('region', { name: 'Bioinformatics Resources' });
    await expect(resources.getByRole('link')).toHaveCount(3);
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} SciTrek`);
  });

  test('a student is greeted by first name, with My Profile in the menu', async ({ page }) => {
    await signUpThroughPage(page, 'Rosalind');
    const greeting = page.getByRole('button', { name: /Hello, Rosalind/ });
    await expect(greeting).toBeVisible();
    await greeting.click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await expect(page).toHaveURL(/\/student_profile$/);
  });

  test('has no serious or critical accessibility violation, signed out and in, at both widths', async ({ page }) => {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Meet Our Team' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    }
    await signUp(page);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await expect(page.getByRole('button', { name: /Hello, Ada/ })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    }
  });
});

test.describe('logout', () => {
  test('Cancel keeps the student signed in; Logout removes both tokens and goes to /login', async ({ page }) => {
    await signUp(page);
    await page.goto('/student_profile');
    await chooseFromMenu(page, 'Ada', 'Logout');
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to logout?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/student_profile$/);

    await chooseFromMenu(page, 'Ada', 'Logout');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const tokens = await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]);
    expect(tokens).toEqual([null, null]);
  });

  test('Escape closes the confirmation', async ({ page }) => {
    await signUp(page);
    await page.goto('/inbox');
    await chooseFromMenu(page, 'Ada', 'Logout');
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await expect(page).toHaveURL(/\/inbox$/);
  });
});

test.describe('student profile', () => {
  test('shows the name, the class and the fixed title', async ({ page }) => {
    await signUp(page, 'Ada', 'Room 12 Biology');
    await page.goto('/student_profile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to SciTrek, Ada');
    await expect(page.getByRole('definition').nth(0)).toHaveText('Ada Lovelace');
    await expect(page.getByRole('definition').nth(1)).toHaveText('Room 12 Biology');
    await expect(page.getByRole('definition').nth(2)).toHaveText('Junior Bioinformatics Scientist');
  });

  test('shows N/A when the student gave no classroom', async ({ page }) => {
    await signUp(page);
    await page.goto('/student_profile');
    await expect(page.getByRole('definition').nth(1)).toHaveText('N/A');
  });
});

test.describe('inbox', () => {
  test('a new student has six unread messages; reading one is remembered after a reload', async ({ page }) => {
    await signUp(page);
    await page.goto('/inbox');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inbox (6 Unread)');
    await expect(page.getByRole('link', { name: /^Inbox\s*, 6 unread$/ })).toBeVisible();
    await expect(page.getByRole('columnheader')).toHaveText(['Subject', 'Date']);
    await expect(page.getByRole('row').filter({ hasText: 'Unread' })).toHaveCount(6);

    const first = page.getByRole('row').nth(1).getByRole('button');
    const subject = (await first.textContent()) ?? '';
    await first.focus();
    await page.keyboard.press('Enter');
    const detail = page.getByRole('region', { name: subject });
    await expect(detail).toBeVisible();
    await expect(detail.locator('time')).not.toBeEmpty();
    await expect(detail.locator('.inbox-detail__body p').first()).not.toBeEmpty();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inbox (5 Unread)');
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(detail).toBeHidden();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inbox (5 Unread)');
    await expect(page.getByRole('row').filter({ hasText: 'Unread' })).toHaveCount(5);
  });
});

test.describe('navigation menus and static pages', () => {
  test('the Modules menu opens the static pages, chained welcome → what-youll-learn → vocabulary → day-1', async ({ page }) => {
    await signUp(page);
    await page.goto('/student_profile');
    await chooseFromMenu(page, 'Modules', 'Welcome');
    await expect(page).toHaveURL(/\/sections\/welcome$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome');

    await page.getByRole('link', { name: /What You'll Learn/ }).last().click();
    await expect(page).toHaveURL(/\/sections\/what-youll-learn$/);
    await page.getByRole('link', { name: /Important Vocabulary/ }).last().click();
    await expect(page).toHaveURL(/\/sections\/vocabulary$/);
    await expect(page.locator('main dl dt')).toHaveCount(15);
    await expect(page.locator('main dl dd')).toHaveCount(15);
    await expect(page.locator('main dl dt').first()).toHaveText('Gene Expression');
    await expect(page.locator('main dl dt').last()).toHaveText('Scientific Poster');

    await page.getByRole('link', { name: /Day 1/ }).last().click();
    await expect(page).toHaveURL(/\/sections\/day-1$/);
    await page.getByRole('link', { name: /Important Vocabulary/ }).last().click();
    await expect(page).toHaveURL(/\/sections\/vocabulary$/);
    await page.getByRole('link', { name: /What You'll Learn/ }).first().click();
    await expect(page).toHaveURL(/\/sections\/what-youll-learn$/);
    await page.getByRole('link', { name: /^(Back|←)?.*Welcome/ }).last().click();
    await expect(page).toHaveURL(/\/sections\/welcome$/);
  });

  test('the Module Check menu opens both quizzes in an embed panel with Open in new tab', async ({ page }) => {
    await signUp(page);
    await page.goto('/student_profile');
    for (const [title, path] of [
      ['Pre-Module Quiz', /\/student_profile\/pre_module$/],
      ['Post-Module Quiz', /\/student_profile\/post_module$/],
    ] as const) {
      await chooseFromMenu(page, 'Module Check', title);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      // The panel's bar always has the link; a blocked embed (no internet here) repeats it in its warning.
      await expect(page.getByRole('link', { name: /Open in new tab/ }).first()).toHaveAttribute('href', /docs\.google\.com\/forms/);
      await expect(page.getByRole('button', { name: /Reload/ })).toBeVisible();
    }
  });

  test('Home goes to the profile page', async ({ page }) => {
    await signUp(page);
    await page.goto('/inbox');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/student_profile$/);
  });
});

test.describe('workbooks', () => {
  test('lists the student workbook and opens it in the reader', async ({ page }) => {
    await signUp(page);
    await page.goto('/workbooks');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Available Workbooks');
    const open = page.getByRole('link', { name: /^(Continue|Start)/ }).first();
    await expect(open).toHaveText(/Continue/);
    await open.click();
    await expect(page).toHaveURL(/\/workbooks\/\d+$/);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /Day 1/ })).toBeVisible();
  });

  test('a workbook that does not exist says "Failed to load workbook."', async ({ page }) => {
    await signUp(page);
    await page.goto('/workbooks/999999');
    await expect(page.getByText('Failed to load workbook.')).toBeVisible();
  });
});

test.describe('forgot password', () => {
  test('the login page links to it, and it links back', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Your Password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByText(/facilitator/)).toBeVisible();
    await page.getByRole('link', { name: /sign in|log in|back/i }).first().click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('redirects', () => {
  test('a visitor is sent to /login from every signed-in page and from unknown paths', async ({ page }) => {
    for (const path of ['/student_profile', '/inbox', '/workbooks', '/sections/welcome', '/student_profile/pre_module', '/no/such/page']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('a signed-in student is sent to / from /login and from unknown paths', async ({ page }) => {
    await signUp(page);
    for (const path of ['/login', '/no/such/page']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
  });
});

test.describe('accessibility of the signed-in pages', () => {
  test('no serious or critical violation at Chromebook and phone widths', async ({ page }) => {
    // Sixteen axe runs: about 25 s alone, and more beside the other worker's tests.
    test.setTimeout(120_000);
    await signUp(page);
    const pages: [string, string][] = [
      ['/student_profile', 'Welcome to SciTrek, Ada'],
      ['/inbox', 'Inbox (6 Unread)'],
      ['/sections/welcome', 'Welcome'],
      ['/sections/what-youll-learn', "What You'll Learn"],
      ['/sections/vocabulary', 'Important Vocabulary'],
      ['/student_profile/pre_module', 'Pre-Module Quiz'],
      ['/student_profile/post_module', 'Post-Module Quiz'],
      ['/workbooks', 'Available Workbooks'],
    ];
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      for (const [path, heading] of pages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await expectNoSeriousAxeViolations(page);
      }
    }
    await page.goto('/login');
    await page.evaluate(() => localStorage.clear());
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      for (const path of ['/login', '/forgot-password']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expectNoSeriousAxeViolations(page);
      }
    }
  });
});
