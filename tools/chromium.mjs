// Debian's Chromium as every headless run here starts it: the browser tests (tests/support/browser.ts)
// and the Lighthouse bench (tools/bench/lighthouse.mjs). Nothing may download a browser; CHROMIUM_PATH
// names another binary.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, no sandbox (CI runs as root), and nothing in the background that reaches the network. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
