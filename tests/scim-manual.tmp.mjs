import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:4400';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
const page = await context.newPage();
await page.goto(`${base}/login`);
await page.getByTestId('login-email').fill('admin@acme.local');
await page.getByTestId('login-password').fill('Admin@123');
await page.getByTestId('login-submit').click();
await page.waitForURL(/dashboard/, { timeout: 60000 });
await page.goto(`${base}/TwoFactor/organization`);
await page.getByTestId('provisioning-section').waitFor();
await page.getByTestId('domains-section').scrollIntoViewIfNeeded();
await page.screenshot({ path: '/tmp/scim-shots/before.png', fullPage: true });
// Turn provisioning on with a role.
await page.getByTestId('provisioning-enabled').check({ force: true });
const select = page.getByTestId('provisioning-role');
const options = await select.locator('option').allTextContents();
console.log('roles:', options.join(' | '));
await select.selectOption({ index: 1 });
await page.getByTestId('provisioning-save').click();
await page.getByText('Provisioning is on').first().waitFor();
await page.getByTestId('provisioning-token-new').click();
await page.getByTestId('provisioning-token-name').fill('Okta');
await page.getByTestId('provisioning-token-save').click();
await page.getByTestId('provisioning-token-dialog').waitFor();
const token = await page.getByTestId('provisioning-token').inputValue();
const baseUrl = await page.getByTestId('provisioning-base-url').inputValue();
await page.screenshot({ path: '/tmp/scim-shots/token.png' });
console.log(JSON.stringify({ token, baseUrl }));
await page.getByTestId('provisioning-token-done').click();
await page.getByTestId('provisioning-tokens').waitFor();
await page.getByTestId('provisioning-section').scrollIntoViewIfNeeded();
await page.screenshot({ path: '/tmp/scim-shots/after.png', fullPage: true });
await context.storageState({ path: '/tmp/scim-shots/state.json' });
await browser.close();
