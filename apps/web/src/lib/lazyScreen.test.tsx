// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@yozy/shared';
import { Component, startTransition, Suspense, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetFailedScreens, lazyScreen } from './lazyScreen';
import { ChunkLoadError } from './loadChunk';

const Ready = ({ name }: { name: string }) => <p>{name} is ready</p>;
const inSuspense = (ui: ReactNode) => <Suspense fallback={<p>Loading</p>}>{ui}</Suspense>;
const fetchFailed = () => new TypeError('Failed to fetch dynamically imported module: /assets/SignupView-x.js');

/** As the routes' error boundary: says the screen failed. */
class Failed extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>Could not load: {(this.state.error as Error).name}</p> : this.props.children;
  }
}

const passTime = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

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

  describe('when its code does not come', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('keeps the loading state while it fetches the code again, and shows the screen once it comes', async () => {
      vi.useFakeTimers();
      const load = vi
        .fn<() => Promise<{ default: typeof Ready }>>()
        .mockRejectedValueOnce(fetchFailed())
        .mockRejectedValueOnce(fetchFailed())
        .mockResolvedValue({ default: Ready });
      const Screen = lazyScreen(load);
      render(<Failed>{inSuspense(<Screen name="Sign-up" />)}</Failed>);
      await passTime(1_000);
      expect(screen.getByText('Loading')).toBeTruthy();
      await passTime(2_000);
      expect(screen.getByText('Sign-up is ready')).toBeTruthy();
      expect(load).toHaveBeenCalledTimes(3);
    });

    it('fails, for the boundary to say so, 120 s after the first attempt, and tries again when shown again', async () => {
      vi.useFakeTimers();
      let reachable = false;
      const load = vi.fn(() => (reachable ? Promise.resolve({ default: Ready }) : Promise.reject(fetchFailed())));
      const Screen = lazyScreen(load);
      const view = render(<Failed>{inSuspense(<Screen name="Sign-up" />)}</Failed>);
      await passTime(CHUNK_LOAD_TIMEOUT_MS - 1);
      expect(screen.getByText('Loading')).toBeTruthy();
      await passTime(1);
      // (React shows what replaces a loading state a moment later.)
      await passTime(500);
      expect(screen.getByText('Could not load: ChunkLoadError')).toBeTruthy();
      view.unmount();

      const attempts = load.mock.calls.length;
      // Shown again at once: still the failure, without a new attempt.
      const again = render(<Failed>{inSuspense(<Screen name="Sign-up" />)}</Failed>);
      expect(screen.getByText('Could not load: ChunkLoadError')).toBeTruthy();
      expect(load).toHaveBeenCalledTimes(attempts);
      again.unmount();

      // Back online, the boundary gives it another chance: the screen fetches its code again.
      reachable = true;
      forgetFailedScreens();
      render(inSuspense(<Screen name="Sign-up" />));
      await passTime(0);
      expect(screen.getByText('Sign-up is ready')).toBeTruthy();
      expect(load).toHaveBeenCalledTimes(attempts + 1);
    });

    it('fetches again after a preload that failed, so pointing at the link again can still work', async () => {
      vi.useFakeTimers();
      const load = vi.fn<() => Promise<{ default: typeof Ready }>>().mockRejectedValue(fetchFailed());
      const Screen = lazyScreen(load);
      const failed = expect(Screen.preload()).rejects.toBeInstanceOf(ChunkLoadError);
      await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
      await failed;
      const attempts = load.mock.calls.length;
      load.mockResolvedValue({ default: Ready });
      await Screen.preload();
      expect(load).toHaveBeenCalledTimes(attempts + 1);
      render(inSuspense(<Screen name="Sign-up" />));
      expect(screen.getByText('Sign-up is ready')).toBeTruthy();
    });
  });
});
