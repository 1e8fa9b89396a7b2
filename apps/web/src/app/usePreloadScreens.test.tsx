// @vitest-environment happy-dom
import type { ApolloClient } from '@apollo/client';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '@/lib/lazyScreen';
import { preloadLanding, type ScreenHandle } from './usePreloadScreens';

const Screen = () => null;

function routeTable() {
  const loadDashboard = vi.fn(() => Promise.resolve({ default: Screen }));
  const loadSignIn = vi.fn(() => Promise.resolve({ default: Screen }));
  const askForData = vi.fn<(client: ApolloClient) => Promise<unknown>>(() => Promise.resolve());
  const prefetch = vi.fn(() => Promise.resolve({ default: askForData }));
  const Dashboard = lazyScreen(loadDashboard);
  const SignIn = lazyScreen(loadSignIn);
  const routes: RouteObject[] = [
    {
      path: '/',
      children: [
        { path: '/login', element: <SignIn /> },
        { path: '/dashboard', element: <Dashboard />, handle: { prefetch } satisfies ScreenHandle },
      ],
    },
  ];
  return { routes, loadDashboard, loadSignIn, prefetch, askForData };
}

/** The address the page opened on. */
const at = (path: string) => {
  const url = new URL(path, window.location.href);
  return { pathname: url.pathname, href: url.href };
};

describe('preloadLanding', () => {
  it('fetches the code of the signed-in screen the page opens on and asks for its data at once', async () => {
    const { routes, loadDashboard, loadSignIn, askForData } = routeTable();
    const client = {} as ApolloClient;
    preloadLanding(routes, client, at('/dashboard'));
    await vi.waitFor(() => expect(askForData).toHaveBeenCalledWith(client));
    expect(loadDashboard).toHaveBeenCalledOnce();
    expect(loadSignIn).not.toHaveBeenCalled();
  });

  it('starts nothing on a public page such as /login', async () => {
    const { routes, loadDashboard, loadSignIn, prefetch } = routeTable();
    preloadLanding(routes, {} as ApolloClient, at('/login'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loadSignIn).not.toHaveBeenCalled();
    expect(loadDashboard).not.toHaveBeenCalled();
    expect(prefetch).not.toHaveBeenCalled();
  });
});
