// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInConsole } from '@/testing/render';
import { pageText, rangeText, TablePagination } from './TablePagination';

describe('the words of a page of a list', () => {
  it('says an exact total as it is', () => {
    expect(rangeText(2, 25, 312, 25)).toBe('26–50 of 312');
    expect(rangeText(1, 25, 0, 0)).toBe('0 of 0');
    expect(pageText(2, 25, 312)).toBe('Page 2 of 13');
  });

  it('says a total that was counted only so far as "more than" it, pages too', () => {
    expect(rangeText(1, 25, 10_000, 25, 'MORE_THAN')).toBe('1–25 of more than 10,000');
    expect(pageText(1, 25, 10_000, 'MORE_THAN')).toBe('Page 1 of more than 400');
    // More than 10,000 rows fill more than 333 pages of 30 (the 334th holds rows 9,991 to 10,020).
    expect(pageText(334, 30, 10_020, 'MORE_THAN')).toBe('Page 334 of more than 334');
  });
});

describe('the pages of a list whose total was counted only so far', () => {
  const renderPagination = (page: number) => {
    const onPageChange = vi.fn();
    renderInConsole(
      <TablePagination
        label="Sessions"
        page={page}
        pageSize={25}
        pageSizes={[25, 50, 100]}
        totalCount={10_000}
        totalCountKind="MORE_THAN"
        rowsOnPage={25}
        onPageChange={onPageChange}
        onPageSizeChange={() => undefined}
      />,
    );
    return onPageChange;
  };

  it('goes on past the counted rows, and offers no last page it does not know', async () => {
    const onPageChange = renderPagination(400);
    expect(screen.getByTestId('table-range').textContent).toBe('9,976–10,000 of more than 10,000');
    expect(screen.getByTestId('table-page').textContent).toBe('Page 400 of more than 400');
    expect((screen.getByRole('button', { name: 'Last page' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(401);
  });
});
