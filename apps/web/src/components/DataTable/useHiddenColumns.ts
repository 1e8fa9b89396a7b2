import { useCallback, useState } from 'react';

const storageKey = (list: string) => `yozy-hidden-columns:${list}`;

function readHidden(list: string): readonly string[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(storageKey(list)) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    // Storage refused (private mode) or edited by hand: every column shows.
    return [];
  }
}

function writeHidden(list: string, hidden: readonly string[]) {
  try {
    if (hidden.length === 0) window.localStorage.removeItem(storageKey(list));
    else window.localStorage.setItem(storageKey(list), JSON.stringify(hidden));
  } catch {
    // Storage refused: the choice still holds until the page is left.
  }
}

/**
 * The columns a reader chose to hide in one list, remembered in this browser for their next
 * visits. `list` names the list (its label), so each list keeps its own choice.
 */
export function useHiddenColumns(list: string) {
  const [state, setState] = useState(() => ({ list, hidden: readHidden(list) }));
  // Another list in the same place (a tab changed) reads its own choice.
  const hidden = state.list === list ? state.hidden : readHidden(list);
  if (state.list !== list) setState({ list, hidden });

  const setShown = useCallback(
    (columnId: string, shown: boolean) => {
      setState((previous) => {
        const current = previous.list === list ? previous.hidden : readHidden(list);
        const next = shown ? current.filter((id) => id !== columnId) : [...new Set([...current, columnId])];
        writeHidden(list, next);
        return { list, hidden: next };
      });
    },
    [list],
  );

  return { hidden, setShown };
}
