import { afterEach } from 'vitest';

// Testing Library unmounts what a component test rendered, so the next test starts clean.
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});
