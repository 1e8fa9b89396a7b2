// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, Route, Routes } from 'react-router-dom';
import { ChunkLoadError } from '@/lib/lazyScreen';
import { renderInConsole } from '@/testing/render';
import { RouteErrorBoundary } from './RouteError';

function Broken(): never {
  throw new Error('Cannot read properties of undefined');
}

function Unloadable(): never {
  throw new ChunkLoadError('Could not load a screen');
}

function renderScreens(path: string) {
  return renderInConsole(
    <>
      <nav>
        <Link to="/users">Users</Link>
      </nav>
      <Routes>
        <Route element={<RouteErrorBoundary />}>
          <Route path="/broken" element={<Broken />} />
          <Route path="/unloadable" element={<Unloadable />} />
          <Route path="/users" element={<h1>Users</h1>} />
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
});
