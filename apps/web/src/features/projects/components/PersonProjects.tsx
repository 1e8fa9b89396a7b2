import { Badge, HStack, Link, List, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuTriangleAlert } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { QueryStates } from '@/components/QueryStates';
import { useAllocationListQuery } from '@/generated/graphql';
import { projectPath } from '@/features/projects/urls';

/** A person holds one current allocation per project; no organisation has this many projects open for one person. */
const SHOWN = 100;

/**
 * One person's current project allocations, each linking to its project, and their total over
 * current projects, warned about above 100 %. For a person's page: the organisation is the one in
 * the address (the provider's organisation tabs) or the viewer's own.
 */
export function PersonProjects({ userId }: { userId: string }) {
  const { clientId: organizationId } = useParams();
  const { data, error, refetch } = useAllocationListQuery({
    variables: { organizationId, filter: { userIds: [userId], isCurrent: true }, page: { offset: 0, limit: SHOWN } },
    fetchPolicy: 'cache-and-network',
  });
  const allocations = [...(data?.allocations.nodes ?? [])].sort((a, b) => a.projectShortCode.localeCompare(b.projectShortCode));
  const total = allocations.reduce((sum, allocation) => sum + allocation.percentage, 0);

  return (
    // Inside the person page's "Projects" panel, which names it.
    <Stack gap="3" data-testid="person-projects-list">
      <HStack justify="space-between" wrap="wrap" gap="2">
        {data && (
          <HStack gap="2" data-testid="person-projects-total">
            <Text color="fg.muted">Total over current projects: {total} %</Text>
            {total > 100 && (
              <Badge colorPalette="orange" variant="subtle">
                <LuTriangleAlert aria-hidden /> Over 100 %
              </Badge>
            )}
          </HStack>
        )}
      </HStack>
      <QueryStates
        data={data}
        error={error}
        refetch={refetch}
        errorTitle="The projects could not be loaded"
        loadingLabel="Loading the projects"
        placeholder={<Skeleton height="12" />}
        empty={<Text color="fg.muted">No current project allocations.</Text>}
        isEmpty={() => allocations.length === 0}
        testId="person-projects"
      >
        {() => (
          <List.Root gap="2" variant="plain">
            {allocations.map((allocation) => (
              <List.Item key={allocation.id} display="flex" gap="2" flexWrap="wrap" data-testid="person-project">
                <Link asChild color="brand.fg" fontWeight="medium">
                  <RouterLink to={projectPath(allocation.projectId, organizationId)}>
                    {allocation.projectShortCode}: {allocation.projectName}
                  </RouterLink>
                </Link>
                <Text color="fg.muted">
                  {allocation.percentage} %{allocation.role ? ` as ${allocation.role}` : ''}
                </Text>
              </List.Item>
            ))}
          </List.Root>
        )}
      </QueryStates>
    </Stack>
  );
}
