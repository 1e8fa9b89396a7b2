import { Badge, Center, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { BackLink } from '@/components/BackLink';
import { QueryStates } from '@/components/QueryStates';
import { UserStatusBadge } from '@/components/UserStatusBadge';
import { useUserDetailQuery } from '@/generated/graphql';
import { usePageTitle } from '@/lib/pageTitle';
import { organizationTabPath } from '@/features/organizations/urls';
import { isPersonId, userManagementPath } from '@/features/users/urls';
import { TwoFactorResetSection } from '@/features/users/components/TwoFactorResetSection';
import { AccessSection } from './person/AccessSection';
import { AdminSection } from './person/AdminSection';
import { GroupsSection } from './person/GroupsSection';
import { PersonPanel, type Person, type PersonScope } from './person/PersonPanel';
import { ProfileSection } from './person/ProfileSection';
import { RolesSection } from './person/RolesSection';
import { SessionsSection } from './person/SessionsSection';
import { SignInActivitySection } from './person/SignInActivitySection';

/**
 * A section another part of the console adds to a person's page (the audit history, two-factor,
 * projects): its heading and what it shows for the person.
 */
export type PersonSection = {
  id: string;
  title: string;
  render: (scope: PersonScope) => ReactNode;
};

export type PersonScreenProps = {
  /** The organisation the provider named (its user tab); the viewer's own when absent. */
  organizationId?: string;
  /** Inside an organisation's page: its headings are that page's sections. */
  embedded?: boolean;
  /** The sections other parts of the console add, after this page's own. */
  sections?: readonly PersonSection[];
};

const KINDS = { SUPER_ADMIN: 'Provider administrator', ORG_ADMIN: 'Organization admin', USER: 'Member' } as const;

/**
 * One person of an organisation on a page of their own: their profile, roles per product,
 * organisation admin rights, groups, sign-in sessions, password reset and access, then the
 * sections the rest of the console adds (the audit history among them).
 */
export function PersonScreen({ organizationId, sections = [] }: PersonScreenProps) {
  const { userId } = useParams();
  const valid = isPersonId(userId);
  const { data, error, refetch } = useUserDetailQuery({
    variables: { id: userId ?? '', organizationId },
    skip: !valid,
    fetchPolicy: 'cache-and-network',
  });
  const person = data?.user;
  const listPath = organizationId ? organizationTabPath(organizationId, 'user') : userManagementPath;
  const back = <BackLink to={listPath}>Back to users</BackLink>;

  return (
    <QueryStates
      data={valid ? person : null}
      error={error}
      refetch={refetch}
      errorTitle="This person could not be loaded"
      loadingLabel="Loading the person"
      placeholder={
        <>
          <Skeleton height="8" width="40%" />
          <Skeleton height="40" />
          <Skeleton height="32" />
        </>
      }
      empty={<PersonNotFound />}
      lead={back}
      testId="person"
    >
      {(found) => <PersonPage person={found} scope={{ userId: found.id, organizationId }} back={back} sections={sections} />}
    </QueryStates>
  );
}

function PersonNotFound() {
  usePageTitle('Person not found');
  return (
    <Center flexDirection="column" gap="2" py="10" role="alert" textAlign="center" data-testid="person-not-found">
      <Heading as="h1" size="lg" data-testid="page-title">
        Person not found
      </Heading>
      <Text color="fg.muted" maxW="prose">
        There is no such person in this organization. They may have been declined, or the address may be mistyped.
      </Text>
    </Center>
  );
}

function PersonPage({
  person,
  scope,
  back,
  sections,
}: {
  person: Person;
  scope: PersonScope;
  back: ReactNode;
  sections: readonly PersonSection[];
}) {
  const name = `${person.firstName} ${person.lastName}`.trim();
  usePageTitle(name);
  return (
    <Stack gap="6" data-testid="person-screen">
      {back}
      <Stack gap="1">
        <HStack gap="3" wrap="wrap">
          <Heading as="h1" size="2xl" data-testid="page-title">
            {name}
          </Heading>
          <UserStatusBadge status={person.status} />
          {person.typeOfUser !== 'USER' && (
            <Badge variant="outline" colorPalette="brand" data-testid="person-kind">
              {KINDS[person.typeOfUser]}
            </Badge>
          )}
        </HStack>
        <Text color="fg.muted" wordBreak="break-all" data-testid="person-email">
          {person.email}
        </Text>
      </Stack>
      <ProfileSection person={person} scope={scope} />
      <RolesSection person={person} scope={scope} />
      <AdminSection person={person} scope={scope} />
      <GroupsSection person={person} scope={scope} />
      <SessionsSection person={person} scope={scope} />
      <SignInActivitySection person={person} scope={scope} />
      <AccessSection person={person} scope={scope} />
      <PersonPanel title="Two-factor sign-in" testId="person-two-factor">
        <TwoFactorResetSection userId={scope.userId} twoFactor={person.twoFactor} name={name} organizationId={scope.organizationId} />
      </PersonPanel>
      {/* The sections the rest of the console adds: the audit history, and later two-factor and projects. */}
      <Stack gap="6" data-testid="person-sections">
        {sections.map((section) => (
          <PersonPanel key={section.id} title={section.title} testId={`person-${section.id}`}>
            {section.render(scope)}
          </PersonPanel>
        ))}
      </Stack>
    </Stack>
  );
}
