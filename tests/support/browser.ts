import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { SESSION_COOKIE } from '@yozy/shared';
import { countCheck } from './checkCounts';
import type { GraphQLSession } from './graphql';

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tools/chromium.mjs';

export const CHROMIUM = CHROMIUM_PATH;
export const SCREENSHOTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

/**
 * A screenshot of the page (the whole page with `fullPage`) or of a part of it, written to
 * tests/artifacts/`name` and counted among the run's checks.
 */
export async function screenshot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const path = `${SCREENSHOTS}${name}`;
  if ('goto' in target) await target.screenshot({ path, fullPage: options.fullPage });
  else await target.screenshot({ path });
  countCheck('screenshots', name);
}

// Test files share their worker process (isolate: false), and so one browser: launching Chromium
// costs seconds on a small machine. Files stay apart as they always were, each test in browser
// contexts of its own (cookies, storage and cache are per context); Playwright stops the browser
// when the worker exits.
const worker = globalThis as { yozyBrowser?: Promise<Browser> };

async function launched(): Promise<Browser> {
  const current = await worker.yozyBrowser?.catch(() => undefined);
  if (current?.isConnected()) return current;
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Browser tests need Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  worker.yozyBrowser = chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS] });
  return worker.yozyBrowser;
}

/** Debian's Chromium, headless, for the tests of one file: the worker's browser, left with nothing of the file's open. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    browser = await launched();
  });
  afterAll(async () => {
    // A context a file left open would go on polling and rendering while the next file runs.
    if (browser?.isConnected()) await Promise.all(browser.contexts().map((context) => context.close()));
  });
  return () => {
    if (!browser) throw new Error('the browser has not started');
    return browser;
  };
}

export type TabSetting = {
  /** The colour mode the person's system asks for. */
  mode?: 'light' | 'dark';
  width?: number;
  height?: number;
  /** The person signed in (their session, or its cookie's value); nobody is, without it. */
  session?: GraphQLSession | string;
};

/** Tabs handed to another person or setting: their next visit loads its page, never reusing what the last person's console read. */
const handedOver = new WeakSet<Page>();

/**
 * The test file's one browser tab on the console at `origin`, handed from test to test: each call
 * gives it to a new visitor (the session given or none, nothing in its storage, the colour mode
 * and size asked for), and the test loads the page it needs. Loading the console again in the
 * same tab costs the browser about a third of the processor time that a fresh tab does, which
 * starts a new renderer and compiles the code anew. Tests that need two people at once, the
 * page's own clock or scripts of their own open a context of their own, and close it.
 */
export function useTab(browser: () => Browser, origin: () => string): (setting?: TabSetting) => Promise<Page> {
  let tab: Page | undefined;
  afterAll(async () => {
    await tab?.context().close();
  });
  return async ({ mode = 'light', width = 1280, height = 900, session } = {}) => {
    const url = origin();
    if (!tab || tab.isClosed() || !(tab.url().startsWith(url) || tab.url() === 'about:blank')) {
      await tab?.context().close();
      // axe is injected as a script, which the console's Content-Security-Policy rightly refuses.
      const context = await browser().newContext({ baseURL: url, viewport: { width, height }, colorScheme: mode, bypassCSP: true });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
      tab = await context.newPage();
      const opened = tab;
      // A page loaded by any other means than visit() is the new visitor's own.
      opened.on('domcontentloaded', () => handedOver.delete(opened));
    } else {
      if (tab.url().startsWith('http')) {
        await tab.evaluate(() => {
          localStorage.clear();
          sessionStorage.clear();
        });
      }
      await tab.context().clearCookies();
      await tab.emulateMedia({ colorScheme: mode });
      await tab.setViewportSize({ width, height });
    }
    const token = typeof session === 'string' ? session : session?.cookies.get(SESSION_COOKIE);
    if (token) await tab.context().addCookies([{ name: SESSION_COOKIE, value: token, url }]);
    handedOver.add(tab);
    return tab;
  };
}

/**
 * Goes to `path` (an address of the console's own origin) as the console's own links do, without
 * loading the page again: the code, the session and what the console has read stay, as they do
 * for a person moving through it. A page that shows no console yet, or that was just handed to
 * someone else (`useTab`), loads the address instead.
 */
export async function visit(page: Page, path: string): Promise<void> {
  const running =
    !handedOver.delete(page) &&
    page.url().startsWith('http') &&
    (await page.evaluate(() => Boolean(document.getElementById('root')?.childElementCount)));
  if (!running) {
    await page.goto(path);
    return;
  }
  // The router follows the address bar on popstate, as on the browser's Back and Forward.
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  // Two frames: the router has drawn the new screen (or followed where it sends), so nothing of
  // the last one is read as it.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Waits until the page has loaded and fetched nothing more for half a second, by its own record of
 * what it fetched (resource timing). Playwright's `networkidle` counts requests it saw start and
 * end, and a tab loaded again (`useTab`) serves some of them from its cache without an end.
 */
export async function networkQuiet(page: Page, quietMs = 500): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(
    (quiet) => {
      const seen = window as unknown as { yozyFetched?: number; yozyFetchedAt?: number };
      const fetched = performance.getEntriesByType('resource').length;
      if (seen.yozyFetched !== fetched) {
        seen.yozyFetched = fetched;
        seen.yozyFetchedAt = performance.now();
      }
      return performance.now() - seen.yozyFetchedAt! >= quiet;
    },
    quietMs,
    { polling: 100 },
  );
}

/**
 * Records, by the page's own clock, when each CSS selector first matched and when each path
 * (a mark starting with `/`) was first shown. Timing checks use these instead of the moment the
 * test noticed, which lags on a busy machine. Call before the page opens; `seen` fills in live.
 */
export async function watchAppearances(context: BrowserContext, marks: Record<string, string>): Promise<Record<string, number>> {
  const seen: Record<string, number> = {};
  await context.exposeBinding('__yozyMark', (_source, name: string, at: number) => {
    seen[name] ??= at;
  });
  await context.addInitScript((targets: Record<string, string>) => {
    const sent = new Set<string>();
    const mark = (window as unknown as { __yozyMark: (name: string, at: number) => void }).__yozyMark;
    const check = () => {
      for (const [name, target] of Object.entries(targets)) {
        if (sent.has(name)) continue;
        if (target.startsWith('/') ? location.pathname === target : document.querySelector(target)) {
          sent.add(name);
          void mark(name, Date.now());
        }
      }
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  }, marks);
  return seen;
}
