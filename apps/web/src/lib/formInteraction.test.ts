// @vitest-environment happy-dom
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onFirstFormInteraction } from './formInteraction';

function page() {
  document.body.innerHTML = `
    <button type="button" id="theme">Dark mode</button>
    <a href="#main" id="skip">Skip to content</a>
    <form aria-label="Sign in"><label>Email <input id="email" /></label><button id="submit">Sign in</button></form>`;
  return (id: string) => document.getElementById(id)!;
}

describe('onFirstFormInteraction', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('waits while the person uses the rest of the page', async () => {
    const byId = page();
    const started = vi.fn();
    const stop = onFirstFormInteraction(started);
    await userEvent.click(byId('theme'));
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(started).not.toHaveBeenCalled();
    stop();
  });

  it.each([
    ['focusing a field with the keyboard', async () => userEvent.tab()],
    ['clicking a field', async (byId: (id: string) => HTMLElement) => userEvent.click(byId('email'))],
    ['clicking the submit button', async (byId: (id: string) => HTMLElement) => userEvent.click(byId('submit'))],
  ])('starts once on %s', async (_what, act) => {
    const byId = page();
    byId('theme').remove();
    byId('skip').remove();
    const started = vi.fn();
    onFirstFormInteraction(started);
    await act(byId);
    await userEvent.type(byId('email'), 'ann@acme.local');
    expect(started).toHaveBeenCalledTimes(1);
  });

  it('starts when the person types in a field the page focused by itself', async () => {
    const byId = page();
    byId('email').focus();
    const started = vi.fn();
    onFirstFormInteraction(started);
    expect(started).not.toHaveBeenCalled();
    await userEvent.keyboard('a');
    expect(started).toHaveBeenCalledTimes(1);
  });

  it('stops waiting when asked to', async () => {
    const byId = page();
    const started = vi.fn();
    onFirstFormInteraction(started)();
    await userEvent.click(byId('email'));
    expect(started).not.toHaveBeenCalled();
  });
});
