import { describe, expect, it, vi } from 'vitest';
import { collectAllPages, MAX_PAGE_LIMIT, type PageRequest } from './collectPages';

function server(total: number) {
  const rows = Array.from({ length: total }, (_, index) => index);
  return vi.fn(async ({ offset, limit }: PageRequest) => ({ nodes: rows.slice(offset, offset + limit), totalCount: total }));
}

describe('collectAllPages', () => {
  it('asks for the largest pages the contract allows until every row has arrived', async () => {
    const fetchPage = server(250);
    const rows = await collectAllPages(fetchPage);
    expect(rows).toEqual(Array.from({ length: 250 }, (_, index) => index));
    expect(fetchPage.mock.calls.map(([page]) => page)).toEqual([
      { offset: 0, limit: MAX_PAGE_LIMIT },
      { offset: 100, limit: MAX_PAGE_LIMIT },
      { offset: 200, limit: MAX_PAGE_LIMIT },
    ]);
  });

  it('makes one request for an empty list', async () => {
    const fetchPage = server(0);
    expect(await collectAllPages(fetchPage)).toEqual([]);
    expect(fetchPage).toHaveBeenCalledOnce();
  });

  it('stops at the first total even when rows keep being added', async () => {
    let total = 150;
    const fetchPage = vi.fn(async ({ offset, limit }: PageRequest) => {
      total += 100;
      return { nodes: Array.from({ length: Math.min(limit, total - offset) }, (_, index) => offset + index), totalCount: total };
    });
    const rows = await collectAllPages(fetchPage);
    expect(rows).toHaveLength(250);
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('stops when a page comes back short because rows were removed meanwhile', async () => {
    const fetchPage = vi
      .fn<(page: PageRequest) => Promise<{ nodes: number[]; totalCount: number }>>()
      .mockResolvedValueOnce({ nodes: Array.from({ length: 100 }, (_, index) => index), totalCount: 300 })
      .mockResolvedValueOnce({ nodes: [100, 101], totalCount: 102 });
    expect(await collectAllPages(fetchPage)).toHaveLength(102);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
});
