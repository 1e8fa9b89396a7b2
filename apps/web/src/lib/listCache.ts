import type { ApolloCache, Reference, StoreObject } from '@apollo/client';

/**
 * Forgets every cached page of a list (each search, filter, sort and page of it), for a
 * mutation's `update` after it created or deleted rows: a new row could belong on any page and
 * every total changed, so patching one page would be wrong. Screens showing the list fetch it
 * again at once; other screens fetch it when they open. Rows themselves stay cached, except
 * those no longer reachable from anything (a deleted row), which are collected.
 *
 *   useOrganizationCreateMutation({ update: (cache) => dropListPages(cache, 'organizations') })
 *
 * `owner` names the object that holds the list when it is not a top-level query field, e.g. an
 * organisation's `users`.
 */
export function dropListPages(cache: ApolloCache, field: string, owner?: StoreObject | Reference): void {
  const id = owner ? cache.identify(owner) : 'ROOT_QUERY';
  if (!id) return;
  cache.evict({ id, fieldName: field });
  cache.gc();
}
