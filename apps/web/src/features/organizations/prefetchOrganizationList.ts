import type { ApolloClient } from '@apollo/client';
import { OrganizationListDocument } from '@/generated/graphql';
import { prefetchList } from '@/lib/prefetchList';
import { organizationList } from './organizationList';

/** The organisation list's first page as the address asks for it, ahead of its screen (see prefetchList). */
export default function prefetchOrganizationList(client: ApolloClient, url: URL): Promise<unknown> {
  return prefetchList(client, OrganizationListDocument, organizationList, url);
}
