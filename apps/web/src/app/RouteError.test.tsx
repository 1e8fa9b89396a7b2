// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { lazyScreen } from '@/lib/lazyScreen';
import { ChunkLoadError } from '@/lib/loadChunk';
import { renderInConsole } from '@/testing/render';
import { RouteErrorBoundary } from './RouteError';

function Broken(): never {
  throw new Error('Cannot read properties of undefined');
}

function Unloadable(): never {
  throw new ChunkLoadError('Could not load a screen');
}

const failingOnce = () => {
  const load = vi
    .fn<() => Promise<{ default: () => React.JSX.Element }>>()
    .mockRejectedValueOnce(new Error('Cannot read properties of undefined'))
    .mockResolvedValue({ default: () => <h1>Statistics</h1> });
  return lazyScreen(load);
};
let Statistics = failingOnce();

function renderScreens(path: string) {
  return renderInConsole(
    <>
      <nav>
        <Link to="/users">Users</Link>
        <Link to="/statistics">Statistics</Link>
      </nav>
      <Routes>
        <Route element={<RouteErrorBoundary />}>
          <Route path="/broken" element={<Broken />} />
          <Route path="/unloadable" element={<Unloadable />} />
          <Route path="/users" element={<h1>Users</h1>} />
          <Route
            path="/statistics"
            element={
              <Suspense fallback={<p>Loading</p>}>
                <Statistics />
              </Suspense>
            }
          />
        </Route>
      </Routes>
    </>,
    { path },
  );
}

describe('RouteErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a notice with a way out instead of a blank screen, and keeps the page around it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreens('/broken');
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Users' })).toBeTruthy();
  });

  it('tells the person a screen could not be loaded when its code did not arrive', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreens('/unloadable');
    expect(screen.getByRole('alert').textContent).toContain('This screen could not be loaded');
  });

  it('gives the next screen its chance after a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreens('/broken');
    await userEvent.click(screen.getByRole('link', { name: 'Users' }));
    expect(screen.getByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("fetches a screen's code again when the person comes back to a screen whose code failed", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    Statistics = failingOnce();
    renderScreens('/statistics');
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong');
    await userEvent.click(screen.getByRole('link', { name: 'Users' }));
    await userEvent.click(screen.getByRole('link', { name: 'Statistics' }));
    expect(await screen.findByRole('heading', { name: 'Statistics' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
