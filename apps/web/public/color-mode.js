/* global document, matchMedia */
// Runs before the page first paints, so it never flashes in the wrong colour mode: the visitor's
// choice (kept by the console under this key), else the system's setting. See src/lib/colorMode.ts.
(function () {
  let mode = null;
  try {
    mode = localStorage.getItem('yozy-color-mode');
  } catch {
    mode = null;
  }
  if (mode !== 'light' && mode !== 'dark') mode = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.classList.add(mode);
  document.documentElement.style.colorScheme = mode;
})();
