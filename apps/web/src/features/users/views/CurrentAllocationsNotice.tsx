import { Text } from '@chakra-ui/react';
import { useUserCurrentAllocationsQuery } from '@/generated/graphql';

type Person = { id: string; firstName: string };

/**
 * What deactivating people leaves behind in projects: their current allocations, which stay until
 * ended. Says nothing while it loads, when it fails, or when there are none.
 */
export function CurrentAllocationsNotice({ people, organizationId }: { people: readonly Person[]; organizationId?: string }) {
  const { data } = useUserCurrentAllocationsQuery({
    variables: { organizationId, userIds: people.map((person) => person.id) },
    fetchPolicy: 'network-only',
    skip: people.length === 0,
  });
  const count = data?.allocations.totalCount ?? 0;
  if (count === 0) return null;
  const allocations = count === 1 ? '1 current project allocation' : `${count} current project allocations`;
  const who = people.length === 1 ? `${people[0]!.firstName} has` : 'They have';
  return (
    <Text mt="3" data-testid="deactivate-allocations-notice">
      {who} {allocations}; they stay until ended.
    </Text>
  );
}
