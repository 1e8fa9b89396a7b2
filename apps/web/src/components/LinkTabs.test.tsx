// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderInConsole } from '@/testing/render';
import { LinkTabs } from './LinkTabs';

const TABS = [
  { value: 'info', label: 'Information', to: '/org/7/info' },
  { value: 'users', label: 'Users', to: '/org/7/users' },
  { value: 'groups', label: 'Groups', to: '/org/7/groups' },
];

function Location() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

function Screen() {
  const tab = useLocation().pathname.split('/').at(-1) ?? 'info';
  return (
    <LinkTabs label="Organization sections" tabs={TABS} value={tab}>
      <p>Content of {tab}</p>
    </LinkTabs>
  );
}

function renderTabs(path = '/org/7/users') {
  return renderInConsole(
    <>
      <Routes>
        <Route path="/org/7/:tab" element={<Screen />} />
      </Routes>
      <Location />
    </>,
    { path },
  );
}

const location = () => screen.getByTestId('location').textContent;
const tab = (name: string) => screen.getByRole('tab', { name });

describe('LinkTabs', { timeout: 20_000 }, () => {
  it('shows the tabs as links, the current one selected, and its content in the tab panel', () => {
    renderTabs();
    const list = screen.getByRole('tablist', { name: 'Organization sections' });
    expect(
      within(list)
        .getAllByRole('tab')
        .map((element) => element.getAttribute('href')),
    ).toEqual(TABS.map((t) => t.to));
    expect(tab('Users').getAttribute('aria-selected')).toBe('true');
    expect(tab('Information').getAttribute('aria-selected')).toBe('false');
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toBe('Content of users');
    expect(panel.getAttribute('aria-labelledby')).toBe(tab('Users').id);
  });

  it('lets Tab reach only the selected tab', async () => {
    const user = userEvent.setup();
    renderTabs();
    await user.tab();
    expect(document.activeElement).toBe(tab('Users'));
  });

  it('moves along the tabs with the arrow keys, Home and End, without leaving the current one', async () => {
    const user = userEvent.setup();
    renderTabs();
    act(() => tab('Users').focus());
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(document.activeElement).toBe(tab('Groups')));
    await user.keyboard('{Home}');
    await waitFor(() => expect(document.activeElement).toBe(tab('Information')));
    await user.keyboard('{End}');
    await waitFor(() => expect(document.activeElement).toBe(tab('Groups')));
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(document.activeElement).toBe(tab('Users')));
    expect(location()).toBe('/org/7/users');
  });

  it('opens the focused tab with Enter or Space', async () => {
    const user = userEvent.setup();
    renderTabs();
    act(() => tab('Users').focus());
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(document.activeElement).toBe(tab('Groups')));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/org/7/groups'));
    expect(tab('Groups').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Content of groups');

    await user.keyboard('{Home}');
    await waitFor(() => expect(document.activeElement).toBe(tab('Information')));
    await user.keyboard(' ');
    await waitFor(() => expect(location()).toBe('/org/7/info'));
  });

  it('opens a tab on click', async () => {
    const user = userEvent.setup();
    renderTabs();
    await user.click(tab('Information'));
    await waitFor(() => expect(location()).toBe('/org/7/info'));
  });

  it('offers scroll buttons only towards the side where tabs are hidden', async () => {
    renderTabs();
    const list = screen.getByRole('tablist');
    expect(screen.queryByTestId('tabs-scroll-start')).toBeNull();
    expect(screen.queryByTestId('tabs-scroll-end')).toBeNull();

    // happy-dom lays nothing out: give the strip the sizes of a phone.
    Object.defineProperty(list, 'clientWidth', { configurable: true, value: 300 });
    Object.defineProperty(list, 'scrollWidth', { configurable: true, value: 900 });
    fireEvent.scroll(list);
    await waitFor(() => expect(screen.queryByTestId('tabs-scroll-end')).not.toBeNull());
    expect(screen.queryByTestId('tabs-scroll-start')).toBeNull();

    list.scrollLeft = 600;
    fireEvent.scroll(list);
    await waitFor(() => expect(screen.queryByTestId('tabs-scroll-start')).not.toBeNull());
    expect(screen.queryByTestId('tabs-scroll-end')).toBeNull();
    // The buttons are for pointers; the keyboard moves along the tabs instead.
    expect(screen.getByTestId('tabs-scroll-start').getAttribute('tabindex')).toBe('-1');
  });
});
