// @vitest-environment happy-dom
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toaster } from '@/lib/toaster';
import { renderInConsole } from '@/testing/render';
import { Toaster } from './Toaster';

describe('Toaster', () => {
  it('shows the first toast inside a live region that was there before it', async () => {
    renderInConsole(<Toaster />);
    const region = screen.getByTestId('toasts');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');

    act(() => {
      toaster.create({ type: 'success', title: 'Data reloaded', description: 'Every list is up to date' });
    });

    expect(await within(region).findByText('Data reloaded')).toBeTruthy();
    expect(within(region).getByText('Every list is up to date')).toBeTruthy();
  });
});
