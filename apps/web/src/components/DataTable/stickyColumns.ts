import { SELECT_WIDTH } from './selectColumn';

type Options = {
  /** How many columns stay at the start: the row's name, after the checkboxes when there are any. */
  kept: number;
  lastColumn: number;
  /** The last column holds the row's actions, which stay at the end. */
  actionsLast: boolean;
  /** Columns are out of sight at the start or at the end (the table scrolls sideways). */
  hiddenStart: boolean;
  hiddenEnd: boolean;
};

/**
 * The style of a column by its index: the row's name stays at the start and its actions at the
 * end while the columns between scroll.
 */
export function stickyColumns({ kept, lastColumn, actionsLast, hiddenStart, hiddenEnd }: Options) {
  return (index: number) => {
    if (index < kept)
      return {
        position: 'sticky' as const,
        left: index === 0 ? 0 : SELECT_WIDTH,
        zIndex: 1,
        bg: 'inherit',
        // A hairline marks where the scrolling columns pass under the kept one.
        boxShadow: index === kept - 1 && hiddenStart ? 'inset -1px 0 0 {colors.border}' : undefined,
      };
    if (index === lastColumn && actionsLast)
      return {
        position: 'sticky' as const,
        right: 0,
        zIndex: 1,
        bg: 'inherit',
        boxShadow: hiddenEnd ? 'inset 1px 0 0 {colors.border}' : undefined,
      };
    return {};
  };
}
