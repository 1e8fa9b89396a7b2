import { useEffect, useState } from 'react';
import type * as StandardListsModule from '@yozy/shared/standardLists';
import { loadChunk } from './loadChunk';

/** One choice of a select (the kit's SelectOption): the value kept, and what the person reads. */
type SelectOption = readonly [value: string, label: string];

/**
 * The choices of an organisation's closed-list fields, for its forms: countries and currencies of
 * the standard lists (loaded when a form needs them, so they never weigh on a page's first
 * download) named in the person's language, and the provider's business verticals and client
 * types. A value the record has that is not among the choices stays visible as it is, marked, so
 * the person sees it and the server asks for a choice from the list when it is saved.
 */

type StandardLists = typeof StandardListsModule;

let loading: Promise<StandardLists> | undefined;
const loadStandardLists = () =>
  (loading ??= loadChunk(() => import('@yozy/shared/standardLists')).catch((error: unknown) => {
    // The next form shown fetches them again.
    loading = undefined;
    throw error;
  }));

export type StandardOptions = {
  countries: SelectOption[];
  currencies: SelectOption[];
  countryName: (code: string) => string;
  currencyName: (code: string) => string;
  /** "US Dollar (USD)", or the code once where the currency's name is only its code. */
  currencyLabel: (code: string) => string;
};

function optionsOf(lists: StandardLists): StandardOptions {
  return {
    countries: lists.countryOptions(),
    currencies: lists.currencyOptions(),
    countryName: (code) => lists.countryName(code),
    currencyName: (code) => lists.currencyName(code),
    currencyLabel: (code) => lists.currencyLabel(code),
  };
}

/** The country and currency choices, or null while they load (or if they could not: `failed`). */
export function useStandardOptions(): { options: StandardOptions | null; failed: boolean } {
  const [state, setState] = useState<{ options: StandardOptions | null; failed: boolean }>({ options: null, failed: false });
  useEffect(() => {
    let live = true;
    loadStandardLists().then(
      (lists) => live && setState({ options: optionsOf(lists), failed: false }),
      () => live && setState({ options: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** `options` with a first "none" choice and the record's own value where the list lacks it, marked as not in the list. */
export function choicesWith(options: readonly SelectOption[], current: string | null | undefined, none: string): SelectOption[] {
  const kept = current && !options.some(([value]) => value === current) ? [[current, `${current} (not in the list)`] as const] : [];
  return [['', none], ...kept, ...options];
}

/** Names as their own values, for the provider's lists. */
export const namedOptions = (names: readonly string[]): SelectOption[] => names.map((name) => [name, name]);
