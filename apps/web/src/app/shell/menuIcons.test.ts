import { MENU, type MenuPath } from '@yozy/shared';
import { describe, expect, it } from 'vitest';
import { menuIcon } from './menuIcons';

describe('menuIcon', () => {
  it('has a picture of its own for every entry of the menu, and a plain one for a path it does not know', () => {
    const plain = menuIcon('/nowhere');
    for (const entry of MENU) expect(menuIcon(entry.path)).not.toBe(plain);
    // @ts-expect-error a path the menu does not have is no MenuPath: the icon table, keyed by them, would not compile with it
    const renamed: MenuPath = '/Dashboard';
    expect(menuIcon(renamed)).toBe(plain);
  });
});
