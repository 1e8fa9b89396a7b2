import { MENU } from '@yozy/shared';

/** The menu table's name for a path, used as that screen's title. */
export function menuEntryName(path: string): string {
  const entry = MENU.find((candidate) => candidate.path === path);
  if (!entry) throw new Error(`No menu entry for ${path}`);
  return entry.name;
}
