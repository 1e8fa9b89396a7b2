import type { ApolloClient } from '@apollo/client';
import { UserListDocument } from '@/generated/graphql';
import { prefetchList } from '@/lib/prefetchList';
import { userList } from './userList';

/** The viewer's own people list's first page as the address asks for it, ahead of its screen (see prefetchList). */
export default function prefetchUserList(client: ApolloClient, url: URL): Promise<unknown> {
  // As UsersScreen asks on /UserManagement: no organisation named, the viewer's own.
  return prefetchList(client, UserListDocument, userList, url, { organizationId: undefined });
}
