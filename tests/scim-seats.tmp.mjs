import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:4400';
const [, , action, shot] = process.argv;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: '/tmp/scim-shots/state.json' });
const page = await context.newPage();
if (action === 'role') {
  await page.goto(`${base}/TwoFactor/organization`);
  await page.getByTestId('provisioning-role').selectOption({ label: 'Member · Yozy Web' });
  await page.getByTestId('provisioning-save').click();
  await page.getByText('Provisioning is on').first().waitFor();
  console.log('role saved');
} else {
  await page.goto(`${base}/UserManagement`);
  await page.waitForTimeout(2500);
  const seats = await page
    .locator('[data-testid^="seat"]')
    .allTextContents()
    .catch(() => []);
  console.log('seats:', seats.join(' | '));
  if (shot) await page.screenshot({ path: shot });
}
await browser.close();
