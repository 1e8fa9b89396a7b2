import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { countCheck } from './checkCounts';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export type Violation = { id: string; impact: string; help: string; nodes: { target: string[]; failureSummary: string }[] };

/**
 * Waits until the page has drawn what it was last asked to, nothing says it is loading (`aria-busy`: a table showing its previous page dimmed while
 * the next one loads) and every transition and finite animation on the page has ended: a dialog
 * fading in or a toast sliding out is half transparent, and axe would measure the contrast of a
 * colour no one reads. Endless animations (spinners, skeletons) are left running.
 */
async function settled(page: Page): Promise<void> {
  // Two frames: whatever a resize or a click set off (media-query listeners, a re-render) has
  // been painted before anything is measured.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => requestAnimationFrame(resolve)))));
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * The screen and state the page shows, as a person would tell them apart: the address (ids made
 * alike), the colour mode, the width, the tab chosen, what is open over the page (a dialog, a
 * menu) and whether a field is marked wrong.
 */
export function screenState(page: Page): Promise<string> {
  return page.evaluate(() => {
    const address = (location.pathname + location.search)
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':uuid')
      .replace(/\/\d+(?=\/|$|\?)/g, '/:id');
    const dark = document.documentElement.classList.contains('dark') || matchMedia('(prefers-color-scheme: dark)').matches;
    const named = (element: Element) =>
      element.getAttribute('aria-label') ?? element.querySelector('h1, h2, h3, [role="heading"]')?.textContent?.trim() ?? '';
    const open = Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]'))
      .filter((element) => element.getBoundingClientRect().height > 0)
      .map((element) => `${element.getAttribute('role')}:${named(element)}`);
    const tabs = Array.from(document.querySelectorAll('[role="tab"][aria-selected="true"]')).map((tab) => tab.textContent?.trim());
    const invalid = document.querySelector('[aria-invalid="true"]') ? 'invalid' : '';
    return [address, dark ? 'dark' : 'light', window.innerWidth, document.title, ...tabs, ...open, invalid].join(' | ');
  });
}

/** axe-core's findings on the page once it has settled, every rule it runs by default (the context needs bypassCSP). */
export async function axeViolations(page: Page): Promise<Violation[]> {
  await settled(page);
  countCheck('axeScans', await screenState(page));
  // Once per loaded page: parsing axe again costs as much as a scan.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    type Axe = { run: (context: Document, options: { resultTypes: string[] }) => Promise<{ violations: Violation[] }> };
    const axe = (window as unknown as { axe: Axe }).axe;
    // Every rule still runs on every element; only the violations are reported in full (axe's
    // own option for speed: it stops collecting the nodes that passed, which nothing here reads).
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  });
}

/** Readable in a failure message: which rule, where, and why. */
export const describeViolations = (violations: Violation[]) =>
  violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}: ${n.failureSummary}`).join('\n')}`)
    .join('\n');

/** axe-core's findings on the page as it is now, one readable line each (none when it is clean). */
export async function axeFindings(page: Page): Promise<string[]> {
  const violations = await axeViolations(page);
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary})`).join('; ')}`,
  );
}
