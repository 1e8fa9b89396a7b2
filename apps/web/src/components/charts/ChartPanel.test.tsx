// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInConsole } from '@/testing/render';
import { ChartPanel, describeChart } from './ChartPanel';

const ROWS = [
  { label: 'Engineering', values: { count: 5 } },
  { label: 'Sales', values: { count: 2 } },
];
const SERIES = [{ key: 'count', label: 'People', color: 'brand.fg' }];

describe('ChartPanel', () => {
  it('names the chart with what it shows, and gives the same numbers as a table on request', async () => {
    renderInConsole(<ChartPanel title="Users per department" categoryHeader="Department" rows={ROWS} series={SERIES} emptyText="None" />);
    expect(screen.getByRole('region', { name: 'Users per department' })).toBeTruthy();
    expect(
      screen.getByRole('img', { name: 'Users per department. People: 7 in all over 2 rows, highest 5 (department Engineering)' }),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();

    const toggle = screen.getByRole('button', { name: 'Show table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide table' }).getAttribute('aria-expanded')).toBe('true');
    const cells = screen.getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['Engineering', '5', 'Sales', '2']);
    expect(screen.getByRole('button', { name: 'Download Users per department as CSV' })).toBeTruthy();
  });

  it('says so when there is nothing to draw, and offers no download', () => {
    renderInConsole(<ChartPanel title="Users per group" categoryHeader="Group" rows={[]} series={SERIES} emptyText="No groups yet" />);
    expect(screen.getByText('No groups yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /CSV/ })).toBeNull();
  });
});

describe('describeChart', () => {
  it('sums each series and names its highest point', () => {
    const rows = [
      { label: 'ACM-WEB', values: { issues: 3, releases: 2 } },
      { label: 'ACM-MOB', values: { issues: 4, releases: 1 } },
    ];
    const series = [
      { key: 'issues', label: 'Issues', color: 'x' },
      { key: 'releases', label: 'Releases', color: 'y' },
    ];
    expect(describeChart(rows, series, 'Project')).toBe(
      'Issues: 7 in all over 2 rows, highest 4 (project ACM-MOB); Releases: 3 in all over 2 rows, highest 2 (project ACM-WEB)',
    );
  });
});
