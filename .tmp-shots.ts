import { chromium } from '@playwright/test';
const B = 'http://127.0.0.1:3998';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [w, h] of [[1366, 768], [390, 844]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  await page.goto(`${B}/login`);
  await page.getByLabel(/username/i).first().fill('rivera');
  await page.getByLabel(/password/i).first().fill('teacher-pass-1');
  await page.getByRole('button', { name: /sign in|log in/i }).first().click();
  await page.waitForURL('**/facilitator');
  await page.getByRole('link', { name: /Bio 10A/ }).first().click();
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `/tmp/s-class-${w}.png` });
  await page.getByRole('link', { name: /2\/60/ }).first().click();
  await page.waitForTimeout(2000);
  await page.screenshot({ path: `/tmp/s-day-${w}.png` });
  await page.getByText('The repressor lets go').first().scrollIntoViewIfNeeded().catch(() => undefined);
  await page.screenshot({ path: `/tmp/s-day-answer-${w}.png` });
  await page.goto(`${B}/facilitator/classes/1/days/1/questions`);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/s-q-${w}.png`, fullPage: true });
  console.log(w, await page.evaluate(() => document.documentElement.scrollWidth));
  await page.close();
}
await browser.close();
