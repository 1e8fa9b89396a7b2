// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { startTransition, Suspense, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, lazyScreen } from './lazyScreen';

const Ready = ({ name }: { name: string }) => <p>{name} is ready</p>;
const inSuspense = (ui: ReactNode) => <Suspense fallback={<p>Loading</p>}>{ui}</Suspense>;

describe('lazyScreen', () => {
  it('shows the loading state while its code comes, then the screen', async () => {
    const Screen = lazyScreen(() => Promise.resolve({ default: Ready }));
    render(inSuspense(<Screen name="Dashboard" />));
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Dashboard is ready')).toBeTruthy();
  });

  it('fetches its code once when preloaded, and then shows the screen at once, without a loading state', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Ready }));
    const Screen = lazyScreen(load);
    await Promise.all([Screen.preload(), Screen.preload()]);
    render(inSuspense(<Screen name="Forgot password" />));
    expect(screen.queryByText('Loading')).toBeNull();
    expect(screen.getByText('Forgot password is ready')).toBeTruthy();
    expect(load).toHaveBeenCalledOnce();
  });

  it('keeps the state of a screen that waited for its code when the page around it renders again', async () => {
    const Counter = () => {
      const [count, setCount] = useState(0);
      return <button onClick={() => setCount(count + 1)}>Clicked {count}</button>;
    };
    const Screen = lazyScreen(() => Promise.resolve({ default: Counter }));
    const Page = ({ visit }: { visit: number }) => inSuspense(<Screen data-visit={visit} />);
    // Rendered as the browser does, in the background: React finishes the waiting screen in place
    // when its code comes during the render, without rendering the page around it again.
    const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = environment.IS_REACT_ACT_ENVIRONMENT;
    environment.IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    try {
      startTransition(() => root.render(<Page visit={1} />));
      const button = await waitFor(() => within(container).getByRole('button'));
      fireEvent.click(button);
      await waitFor(() => expect(button.textContent).toBe('Clicked 1'));
      root.render(<Page visit={2} />);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(within(container).getByRole('button').textContent).toBe('Clicked 1');
    } finally {
      root.unmount();
      container.remove();
      environment.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('fetches again after a failed preload, so pointing at the link again can still work', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Ready }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Ready });
    const Screen = lazyScreen(load);
    await expect(Screen.preload()).rejects.toBeInstanceOf(ChunkLoadError);
    await Screen.preload();
    render(inSuspense(<Screen name="Sign-up" />));
    expect(screen.getByText('Sign-up is ready')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('isChunkLoadError', () => {
  it.each([
    [new ChunkLoadError('Could not load a screen'), true],
    [new TypeError('Failed to fetch dynamically imported module: /assets/DashboardView-x.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('Unable to preload CSS for /assets/x.css'), true],
    [new Error('Cannot read properties of undefined'), false],
    ['Failed to fetch dynamically imported module', false],
  ])('%s -> %s', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });
});
