// The console's first screens next to the stack floor (../shared/bench/stack-floor: the prescribed
// web stack drawing one sign-in form), measured by Lighthouse in one run: the floor's /login, the
// console's /login and its signed-in first screens (the dashboard, the people list, a SuperAdmin's
// organisation list), one after the other, round after round,
// each in a fresh headless Chromium. This machine's CPU is shared and noisy: only a ratio measured
// side by side means anything.
//
//   node tools/bench/lighthouse.mjs --console http://127.0.0.1:4000 --floor http://127.0.0.1:4980 --rounds 5
//
// The console must be served as `npm start` serves it (production build, brotli); the floor by its
// own serve.mjs. `measureFirstScreens` is what `npm run bench` calls; the command prints a table.
import { loadavg, cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.mjs';

/** The demo account that lands on /dashboard (README: "npm start prints … the demo accounts"). */
export const DEMO_CREDENTIALS = { email: 'admin@acme.local', password: 'Admin@123' };
/** The demo SuperAdmin, whose first screens are the provider's (the organisation list). */
export const DEMO_SUPER_ADMIN = { email: 'admin@yozy.local', password: 'Admin@123' };

/**
 * The signed-in first screens measured beside /login: the dashboard (the page each row's
 * `lcpVsLogin` compares), then the other lists people land on. `as` picks whose session opens it.
 */
export const SIGNED_IN_SCREENS = [
  { page: 'console /dashboard', path: '/dashboard', as: 'admin' },
  { page: 'console /UserManagement', path: '/UserManagement', as: 'admin' },
  { page: 'console /OrganizationDetails (SuperAdmin)', path: '/OrganizationDetails', as: 'superAdmin' },
];

/** What a page's row holds, each the median of its rounds with the lowest and highest beside it. */
export const METRICS = [
  { key: 'score', label: 'performance', unit: '' },
  { key: 'tbt', label: 'TBT', unit: 'ms' },
  { key: 'bootup', label: 'main-thread boot-up', unit: 'ms' },
  { key: 'lcp', label: 'LCP', unit: 'ms' },
  { key: 'fcp', label: 'FCP', unit: 'ms' },
  { key: 'jsBytes', label: 'JS on the wire', unit: 'B' },
  { key: 'jsFiles', label: 'JS files', unit: '' },
];

/**
 * Signs in to the console as a browser does (captcha solved as the invisible widget solves it)
 * and gives the `cookie` header its later requests carry.
 */
export async function signInCookie(consoleUrl, { email, password } = DEMO_CREDENTIALS) {
  const cookies = new Map();
  const request = async (query, variables) => {
    const response = await fetch(new URL('/graphql', consoleUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      body: JSON.stringify({ query, variables }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const body = await response.json();
    if (body.errors?.length) throw new Error(`sign-in: ${body.errors[0].message}`);
    return body.data;
  };
  const { captchaChallenge } = await request('{ captchaChallenge }');
  const challenge = JSON.parse(captchaChallenge);
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const answer = await request('mutation ($input: SignInInput!) { signIn(input: $input) { nextStep viewer { id } errors { message } } }', {
    input: { email, password, captcha },
  });
  const { signIn } = answer;
  if (signIn.errors?.length || !signIn.viewer) {
    throw new Error(`sign-in as ${email} failed: ${signIn.errors?.[0]?.message ?? signIn.nextStep ?? 'no viewer'}`);
  }
  return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** One Lighthouse run (mobile defaults, performance only) in a fresh headless Chromium. */
export async function runLighthouse(url, { extraHeaders, chromePath = CHROMIUM_PATH } = {}) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders },
      undefined,
    );
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scripts = (lhr.audits['network-requests'].details?.items ?? []).filter((item) => item.resourceType === 'Script');
    return {
      finalUrl: lhr.finalDisplayedUrl,
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      tbt: lhr.audits['total-blocking-time'].numericValue,
      bootup: lhr.audits['bootup-time'].numericValue,
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      fcp: lhr.audits['first-contentful-paint'].numericValue,
      jsBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      jsFiles: scripts.length,
    };
  } finally {
    await chrome.kill();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function summarise(page, runs) {
  const row = { page, rounds: runs.length, runs };
  for (const { key } of METRICS) {
    const values = runs.map((run) => run[key]);
    row[key] = { median: median(values), min: Math.min(...values), max: Math.max(...values) };
  }
  return row;
}

/**
 * Measures the floor's /login, the console's /login and the console's signed-in first screens
 * (SIGNED_IN_SCREENS), alternately, `rounds` times each. Gives one row per page (medians with min
 * and max) and the console/floor ratios of each console page, with its largest contentful paint
 * next to the console's /login's, plus the machine's load while it ran.
 *
 * @param {{ consoleUrl: string, floorUrl: string, rounds?: number,
 *   credentials?: { email: string, password: string }, superAdmin?: { email: string, password: string },
 *   onRun?: (page: string, run: object) => void }} options
 */
export async function measureFirstScreens({
  consoleUrl,
  floorUrl,
  rounds = 5,
  credentials = DEMO_CREDENTIALS,
  superAdmin = DEMO_SUPER_ADMIN,
  onRun,
}) {
  const cookies = { admin: await signInCookie(consoleUrl, credentials), superAdmin: await signInCookie(consoleUrl, superAdmin) };
  const pages = [
    { page: 'floor /login', url: new URL('/login', floorUrl).href },
    { page: 'console /login', url: new URL('/login', consoleUrl).href },
    ...SIGNED_IN_SCREENS.map(({ page, path, as }) => ({
      page,
      path,
      url: new URL(path, consoleUrl).href,
      extraHeaders: { cookie: cookies[as] },
    })),
  ];
  const runs = new Map(pages.map(({ page }) => [page, []]));
  const loadBefore = loadavg()[0];
  for (let round = 0; round < rounds; round += 1) {
    for (const { page, path, url, extraHeaders } of pages) {
      // Lighthouse now and then loses a trace on a busy machine (NO_NAVSTART): such a run is run again once.
      const run = await runLighthouse(url, { extraHeaders }).catch(() => runLighthouse(url, { extraHeaders }));
      if (path && !new URL(run.finalUrl).pathname.startsWith(path)) {
        throw new Error(`${page} ended on ${run.finalUrl}: the session cookie was not accepted`);
      }
      runs.get(page).push(run);
      onRun?.(page, run);
    }
  }
  const rows = pages.map(({ page }) => summarise(page, runs.get(page)));
  const [floor, login] = rows;
  const ratios = rows.slice(1).map((row) => ({
    page: row.page,
    bootup: row.bootup.median / floor.bootup.median,
    tbt: floor.tbt.median ? row.tbt.median / floor.tbt.median : null,
    score: row.score.median / floor.score.median,
    jsBytes: row.jsBytes.median / floor.jsBytes.median,
    lcpVsLogin: row.lcp.median / login.lcp.median,
  }));
  return { rows, ratios, rounds, load: { before: loadBefore, after: loadavg()[0], cores: cpus().length } };
}

const format = (value, unit) => {
  if (unit === 'ms') return `${(value / 1000).toFixed(2)} s`;
  if (unit === 'B') return `${(value / 1024).toFixed(0)} KB`;
  return String(Math.round(value));
};

/** The result as a Markdown table: median (min–max) per metric, then the ratios. */
export function formatFirstScreens({ rows, ratios, rounds, load }) {
  const head = `| page | ${METRICS.map((metric) => metric.label).join(' | ')} |`;
  const rule = `|${' --- |'.repeat(METRICS.length + 1)}`;
  const lines = rows.map(
    (row) =>
      `| ${row.page} | ${METRICS.map(({ key, unit }) => {
        const { median: mid, min, max } = row[key];
        return min === max ? format(mid, unit) : `${format(mid, unit)} (${format(min, unit)}–${format(max, unit)})`;
      }).join(' | ')} |`,
  );
  const ratioLines = ratios.map(
    (ratio) =>
      `- ${ratio.page} / floor: boot-up ${ratio.bootup.toFixed(2)}×, TBT ${ratio.tbt === null ? 'n/a' : `${ratio.tbt.toFixed(2)}×`}, ` +
      `performance ${ratio.score.toFixed(2)}×, JS bytes ${ratio.jsBytes.toFixed(2)}×; LCP ÷ console /login's ${ratio.lcpVsLogin.toFixed(2)}×`,
  );
  return [
    head,
    rule,
    ...lines,
    '',
    `Medians (lowest–highest) of ${rounds} alternating rounds; load average ${load.before.toFixed(2)} before, ${load.after.toFixed(2)} after, ${load.cores} cores.`,
    ...ratioLines,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      console: { type: 'string', default: 'http://127.0.0.1:4000' },
      floor: { type: 'string', default: 'http://127.0.0.1:4980' },
      rounds: { type: 'string', default: '5' },
      email: { type: 'string', default: DEMO_CREDENTIALS.email },
      password: { type: 'string', default: DEMO_CREDENTIALS.password },
      'super-admin-email': { type: 'string', default: DEMO_SUPER_ADMIN.email },
      'super-admin-password': { type: 'string', default: DEMO_SUPER_ADMIN.password },
      json: { type: 'boolean', default: false },
    },
  });
  const result = await measureFirstScreens({
    consoleUrl: values.console,
    floorUrl: values.floor,
    rounds: Number(values.rounds),
    credentials: { email: values.email, password: values.password },
    superAdmin: { email: values['super-admin-email'], password: values['super-admin-password'] },
    onRun: (page, run) =>
      console.error(
        `${page}: performance ${run.score}, TBT ${Math.round(run.tbt)} ms, boot-up ${Math.round(run.bootup)} ms, LCP ${Math.round(run.lcp)} ms`,
      ),
  });
  console.log(values.json ? JSON.stringify(result, null, 2) : formatFirstScreens(result));
}
