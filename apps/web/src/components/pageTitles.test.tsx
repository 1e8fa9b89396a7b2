// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes, useParams } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { LinkTabs } from './LinkTabs';
import { PageHeader } from './PageHeader';
import { renderInConsole } from '@/testing/render';
import { onPageTitle, usePageTitle } from '@/lib/pageTitle';

const TABS = [
  { value: 'info', label: 'Organization Information', to: '/org/info' },
  { value: 'user', label: 'User Details', to: '/org/user' },
];

function Person() {
  usePageTitle('Wile Coyote');
  return <p>Wile Coyote</p>;
}

function Organization() {
  const { tab = 'info', person } = useParams();
  return (
    <>
      <PageHeader title="Acme Corporation" />
      <LinkTabs label="Organization sections" tabs={TABS} value={tab}>
        {person ? <Person /> : <Link to="/org/user/81">Open Wile Coyote</Link>}
      </LinkTabs>
      <Link to="/dashboard">Dashboard</Link>
    </>
  );
}

describe('the page title', () => {
  it('names the tab open in front of the page, and a screen inside the tab in front of both', async () => {
    const announced: string[] = [];
    const stop = onPageTitle((title) => announced.push(title));
    renderInConsole(
      <Routes>
        <Route path="/org/:tab" element={<Organization />} />
        <Route path="/org/:tab/:person" element={<Organization />} />
        <Route path="/dashboard" element={<PageHeader title="Dashboard" />} />
      </Routes>,
      { path: '/org/info' },
    );
    expect(document.title).toBe('Organization Information · Acme Corporation · Yozy Admin');

    await userEvent.click(screen.getByRole('tab', { name: 'User Details' }));
    expect(document.title).toBe('User Details · Acme Corporation · Yozy Admin');

    await userEvent.click(screen.getByRole('link', { name: 'Open Wile Coyote' }));
    expect(document.title).toBe('Wile Coyote · User Details · Acme Corporation · Yozy Admin');

    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(document.title).toBe('Dashboard · Yozy Admin');
    // Each screen is announced once, by its whole name.
    expect(announced.slice(-3)).toEqual(['User Details · Acme Corporation', 'Wile Coyote · User Details · Acme Corporation', 'Dashboard']);
    stop();
  });

  it('says a name once when the tab open has the name of its page', () => {
    renderInConsole(
      <>
        <PageHeader title="Groups" />
        <LinkTabs label="Groups and projects" tabs={[{ value: 'groups', label: 'Groups', to: '/groups' }]} value="groups" />
      </>,
    );
    expect(document.title).toBe('Groups · Yozy Admin');
  });
});
