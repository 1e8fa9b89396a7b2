/* global document, requestAnimationFrame, setTimeout */
// The pages the build draws ahead (vite-plugins/prerenderPages.ts) start the app with this file
// instead of the app's own script tag: the browser first paints the ready page, then the app's
// code (already being fetched, see the page's modulepreload links) runs and takes it over. Without
// it the browser would run the app's code as soon as the page is parsed, before painting anything.
(function () {
  const entry = document.currentScript.dataset.entry;
  const start = () => import(entry);
  // A page opened in the background paints nothing until it is shown: nothing to wait for.
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
