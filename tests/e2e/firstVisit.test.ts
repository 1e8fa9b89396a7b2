import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { useBrowser } from '../support/browser';
import { useSharedStack } from '../support/useStack';

import { LOGIN_BUDGET_BYTES } from '../../apps/web/vite-plugins/firstVisitBudget';

/** The JavaScript a first visit may download, compressed as sent (kB as Vite reports them: 1000 bytes). */
const FIRST_VISIT_BUDGET = LOGIN_BUDGET_BYTES;

const isScript = (request: Request) => new URL(request.url()).pathname.endsWith('.js');
const isCaptchaCode = (request: Request) => /\/assets\/altcha-[\w-]+\.js$/.test(new URL(request.url()).pathname);

/** Waits until the page has fetched nothing for a while: lazy screens and late imports included. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
}

describe('a first visit to the sign-in page', () => {
  const stack = useSharedStack();
  const browser = useBrowser();

  it('downloads no more compressed JavaScript than its budget, and the captcha code only once a form is touched', async () => {
    const context = await browser().newContext({ baseURL: stack.gatewayUrl, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const scripts: Request[] = [];
    page.on('requestfinished', (request) => {
      if (isScript(request)) scripts.push(request);
    });

    await page.goto('/login');
    await page.getByTestId('login-email').waitFor();
    await settled(page);

    const transfers = await Promise.all(
      scripts.map(async (request) => ({
        path: new URL(request.url()).pathname,
        encoding: (await (await request.response())?.headerValue('content-encoding')) ?? 'identity',
        bytes: (await request.sizes()).responseBodySize,
      })),
    );
    const total = transfers.reduce((sum, transfer) => sum + transfer.bytes, 0);
    console.log(`first visit to /login: ${transfers.length} scripts, ${(total / 1000).toFixed(1)} kB over the wire`);

    expect(transfers.length).toBeGreaterThan(0);
    // The build keeps no compressed copy where compressing saves nothing: a few hundred bytes.
    const uncompressed = transfers.filter((transfer) => transfer.encoding !== 'br' && transfer.encoding !== 'gzip');
    expect(uncompressed.filter((transfer) => transfer.bytes > 500)).toEqual([]);
    expect(scripts.filter(isCaptchaCode)).toEqual([]);
    expect(total).toBeLessThanOrEqual(FIRST_VISIT_BUDGET);

    // The first touch of the form starts the captcha, so its answer is ready by the time of submit;
    // the email field, focused by the page on arrival, is not a touch.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('login-email');
    const captchaCode = page.waitForRequest(isCaptchaCode);
    await page.getByTestId('login-email').click();
    await captchaCode;
    await context.close();
  });
});
