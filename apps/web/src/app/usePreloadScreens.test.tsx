// @vitest-environment happy-dom
import type { ApolloClient } from '@apollo/client';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ViewerDocument } from '@/generated/graphql';
import { lazyScreen } from '@/lib/lazyScreen';
import { preloadLanding, preloadScreensAt, type ScreenHandle } from './usePreloadScreens';

const Screen = () => null;

function routeTable() {
  const loadDashboard = vi.fn(() => Promise.resolve({ default: Screen }));
  const loadSignIn = vi.fn(() => Promise.resolve({ default: Screen }));
  const askForData = vi.fn<(client: ApolloClient, url: URL) => Promise<unknown>>(() => Promise.resolve());
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

/** A client whose questions are answered when `answer` is called. */
function pendingClient() {
  let answer: () => void = () => undefined;
  const query = vi.fn(() => new Promise((resolve) => (answer = () => resolve({ data: {} }))));
  return { client: { query } as unknown as ApolloClient, query, answer: () => answer() };
}

/** The address the page opened on. */
const at = (path: string) => {
  const url = new URL(path, window.location.href);
  return { pathname: url.pathname, href: url.href };
};

describe('preloadLanding', () => {
  it('asks who is signed in, fetches the code of the screen the page opens on and asks for its data, all at once', async () => {
    const { routes, loadDashboard, loadSignIn, askForData } = routeTable();
    const { client, query, answer } = pendingClient();
    let sessionKnown = false;
    void preloadLanding(routes, client, at('/dashboard'))?.then(() => (sessionKnown = true));
    expect(query).toHaveBeenCalledWith({ query: ViewerDocument });
    // The screen's code and data do not wait for the session's answer.
    await vi.waitFor(() => expect(askForData).toHaveBeenCalledWith(client, new URL('/dashboard', window.location.href)));
    expect(loadDashboard).toHaveBeenCalledOnce();
    expect(loadSignIn).not.toHaveBeenCalled();
    expect(sessionKnown).toBe(false);
    answer();
    await vi.waitFor(() => expect(sessionKnown).toBe(true));
  });

  it('answers even when the session cannot be checked (the gate then says so)', async () => {
    const { routes } = routeTable();
    const client = { query: vi.fn(() => Promise.reject(new Error('offline'))) } as unknown as ApolloClient;
    await expect(preloadLanding(routes, client, at('/dashboard'))).resolves.toBeUndefined();
  });

  it('starts nothing on a public page such as /login', async () => {
    const { routes, loadDashboard, loadSignIn, prefetch } = routeTable();
    const { client, query } = pendingClient();
    expect(preloadLanding(routes, client, at('/login'))).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(query).not.toHaveBeenCalled();
    expect(loadSignIn).not.toHaveBeenCalled();
    expect(loadDashboard).not.toHaveBeenCalled();
    expect(prefetch).not.toHaveBeenCalled();
  });
});

describe('preloadScreensAt', () => {
  it('asks for a screen’s data with its code when its link is pointed at', async () => {
    const { routes, loadDashboard, askForData } = routeTable();
    const { client } = pendingClient();
    preloadScreensAt(routes, '/dashboard?days=7', client);
    // With the address it was pointed at: a list's page, sort or search.
    await vi.waitFor(() => expect(askForData).toHaveBeenCalledWith(client, new URL('/dashboard?days=7', window.location.href)));
    expect(loadDashboard).toHaveBeenCalledOnce();
  });

  it('fetches only code for the links of a page the browser is idle on', async () => {
    const { routes, loadDashboard, prefetch } = routeTable();
    preloadScreensAt(routes, '/dashboard');
    await vi.waitFor(() => expect(loadDashboard).toHaveBeenCalledOnce());
    expect(prefetch).not.toHaveBeenCalled();
  });
});
