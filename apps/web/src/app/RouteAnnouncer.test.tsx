// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Link, Route, Routes } from 'react-router-dom';
import { PageHeader } from '@/components/PageHeader';
import { renderInConsole } from '@/testing/render';
import { RouteAnnouncer } from './RouteAnnouncer';

describe('RouteAnnouncer', () => {
  it('names the page after its screen, and announces the screens opened after the first', async () => {
    renderInConsole(
      <>
        <Link to="/groups">Groups</Link>
        <Routes>
          <Route path="/users" element={<PageHeader title="User Management" />} />
          <Route path="/groups" element={<PageHeader title="Groups" />} />
        </Routes>
        <RouteAnnouncer />
      </>,
      { path: '/users' },
    );
    const announcer = screen.getByTestId('route-announcer');
    expect(document.title).toBe('User Management · Yozy Admin');
    expect(announcer.getAttribute('aria-live')).toBe('polite');
    expect(announcer.textContent).toBe('');

    await userEvent.click(screen.getByRole('link', { name: 'Groups' }));

    expect(document.title).toBe('Groups · Yozy Admin');
    expect(announcer.textContent).toBe('Groups');
  });
});
