import type { TypeOfUser } from '@yozy/shared';
import type { TypeOfUser as GraphQLTypeOfUser } from '../generated/graphql';

// GraphQL enums are ALL_CAPS; the shared menu table speaks the specification's names.
const KINDS: Record<GraphQLTypeOfUser, TypeOfUser> = {
  SUPER_ADMIN: 'SuperAdmin',
  ORG_ADMIN: 'OrgAdmin',
  USER: 'User',
};

export function viewerKind(typeOfUser: GraphQLTypeOfUser): TypeOfUser {
  return KINDS[typeOfUser];
}
