import { Badge, Button, Heading, HStack, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { useMemo, useState, type ReactNode } from 'react';
import { LuCircleStop, LuLock, LuPencil, LuTriangleAlert, LuUserPlus } from 'react-icons/lu';
import { BackLink } from '@/components/BackLink';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { BooleanFilterSelect, DataTable, type DataTableColumn } from '@/components/DataTable';
import { ProblemNotice } from '@/components/ProblemNotice';
import { QueryStates } from '@/components/QueryStates';
import {
  AllocationListDocument,
  useAllocationEndMutation,
  useAllocationListQuery,
  useProjectDetailQuery,
  type AllocationFieldsFragment,
  type ProjectFieldsFragment,
} from '@/generated/graphql';
import { formatDate } from '@/lib/dates';
import { dropListPages } from '@/lib/listCache';
import { throwIfRefused } from '@/lib/payloadErrors';
import { toaster } from '@/lib/toaster';
import { useListQuery } from '@/lib/useListQuery';
import { useListState } from '@/lib/useListState';
import { allocationList } from '@/features/projects/projectList';
import { projectListPath } from '@/features/projects/urls';
import { AllocationDialog } from './AllocationDialog';
import { ProjectCloseDialog } from './ProjectCloseDialog';
import { ProjectEditorDialog } from './ProjectEditorDialog';
import { ProjectStatusBadge } from './ProjectsScreen';

type Allocation = AllocationFieldsFragment;
const fullName = (allocation: Allocation) => `${allocation.firstName} ${allocation.lastName}`;

/** A person's total over current projects, warned about above 100 %. */
export function PersonTotal({ total }: { total: number }) {
  if (total <= 100) return <Text>{total} %</Text>;
  return (
    <Badge colorPalette="orange" variant="subtle" data-testid="allocation-over-total">
      <LuTriangleAlert aria-hidden /> {total} %: over 100 %
    </Badge>
  );
}

type Props = {
  projectId: string;
  /** The organisation the provider looks at; the viewer's own when absent. */
  organizationId?: string;
};

/** One project: its counts, and the people allocated to it, allocated, changed and ended here. */
export function ProjectDetailScreen({ projectId, organizationId }: Props) {
  const { data, error, refetch } = useProjectDetailQuery({ variables: { id: projectId, organizationId } });
  const project = data?.project;
  const back = <BackLink to={projectListPath(organizationId)}>All projects</BackLink>;

  return (
    <QueryStates
      data={project}
      error={error}
      refetch={refetch}
      errorTitle="This project could not be loaded"
      loadingLabel="Loading the project"
      placeholder={
        <>
          <Skeleton height="8" width="20rem" maxW="full" />
          <Skeleton height="40" />
        </>
      }
      empty={
        <ProblemNotice
          title="There is no such project"
          message="It may belong to another organization, or the address is mistyped."
          actionLabel="Look again"
          onAction={() => void refetch().catch(() => undefined)}
        />
      }
      lead={back}
      testId="project"
    >
      {(found) => <ProjectPage project={found} organizationId={organizationId} back={back} />}
    </QueryStates>
  );
}

function ProjectPage({ project, organizationId, back }: { project: ProjectFieldsFragment; organizationId?: string; back: ReactNode }) {
  const list = useListState(allocationList);
  const variables = { ...list.variables, organizationId, filter: { ...list.variables.filter, projectId: project.id } };
  const { table } = useListQuery(useAllocationListQuery, AllocationListDocument, { ...list, variables }, (answer) => answer.allocations, {
    fresh: true,
  });
  const [renaming, setRenaming] = useState(false);
  const [closing, setClosing] = useState(false);
  const [allocating, setAllocating] = useState<{ allocation?: Allocation } | null>(null);
  const [ending, setEnding] = useState<Allocation | null>(null);
  const [endAllocation] = useAllocationEndMutation({
    update: (cache) => {
      dropListPages(cache, 'allocations');
      dropListPages(cache, 'projects');
    },
    // The project's counts above the list change with it.
    refetchQueries: ['ProjectDetail'],
  });
  const open = !project.isClosed;

  const columns = useMemo<DataTableColumn<Allocation>[]>(
    () => [
      {
        id: 'name',
        accessorFn: fullName,
        header: 'Person',
        cell: ({ row }) => (
          <Stack gap="0" minW="10rem">
            <Text fontWeight="medium" data-testid="allocation-person">
              {fullName(row.original)}
            </Text>
            <Text color="fg.muted" fontSize="sm">
              {row.original.email}
            </Text>
          </Stack>
        ),
      },
      { id: 'role', accessorFn: (allocation) => allocation.role ?? '', header: 'Project role' },
      {
        id: 'percentage',
        accessorFn: (allocation) => `${allocation.percentage} %`,
        header: 'Allocation',
        meta: { numeric: true },
      },
      {
        id: 'total',
        accessorFn: (allocation) => `${allocation.personTotalPercentage} %`,
        header: 'Total over current projects',
        meta: { numeric: true },
        cell: ({ row }) => <PersonTotal total={row.original.personTotalPercentage} />,
      },
      {
        id: 'endDate',
        accessorFn: (allocation) => (allocation.endDate ? formatDate(allocation.endDate) : ''),
        header: 'End date',
        cell: ({ row }) => <Text whiteSpace="nowrap">{row.original.endDate ? formatDate(row.original.endDate) : 'Open-ended'}</Text>,
      },
      {
        id: 'status',
        accessorFn: (allocation) => (allocation.isCurrent ? 'Current' : 'Ended'),
        header: 'Status',
        cell: ({ row }) => (
          <Badge colorPalette={row.original.isCurrent ? 'green' : 'gray'} variant="subtle">
            {row.original.isCurrent ? 'Current' : 'Ended'}
          </Badge>
        ),
      },
      {
        id: 'actions',
        header: 'Actions',
        meta: { csv: false },
        cell: ({ row }) =>
          row.original.isCurrent && open ? (
            <HStack gap="1" justify="flex-end">
              <Button
                size="xs"
                variant="ghost"
                aria-label={`Change ${fullName(row.original)}`}
                onClick={() => setAllocating({ allocation: row.original })}
              >
                <LuPencil aria-hidden /> Change
              </Button>
              <Button
                size="xs"
                variant="ghost"
                colorPalette="red"
                aria-label={`End ${fullName(row.original)}`}
                onClick={() => setEnding(row.original)}
              >
                <LuCircleStop aria-hidden /> End
              </Button>
            </HStack>
          ) : null,
      },
    ],
    [open],
  );

  const allocate = open ? (
    <Button colorPalette="brand" onClick={() => setAllocating({})} data-testid="allocation-new">
      <LuUserPlus aria-hidden /> Allocate a person
    </Button>
  ) : undefined;

  async function confirmEnd(allocation: Allocation) {
    const answer = await endAllocation({ variables: { input: { id: allocation.id } } });
    throwIfRefused(answer.data?.endAllocation);
    toaster.success({ title: `${fullName(allocation)} is no longer on ${project.shortCode}` });
  }

  const counts: [string, string][] = [
    ['People now', String(project.currentAllocationCount)],
    ['Open issues', `${project.openIssueCount} of ${project.issueCount}`],
    ['Releases', String(project.releaseCount)],
  ];

  return (
    <Stack gap="5" data-testid="project-page">
      {back}
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
        <Stack gap="1">
          <HStack gap="3" wrap="wrap">
            <Heading as="h2" size="lg" data-testid="project-heading">
              {project.shortCode}: {project.name}
            </Heading>
            <ProjectStatusBadge closed={project.isClosed} />
          </HStack>
          {project.closedAt && <Text color="fg.muted">Closed on {formatDate(project.closedAt)}</Text>}
        </Stack>
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" onClick={() => setRenaming(true)} data-testid="project-rename">
            <LuPencil aria-hidden /> Rename
          </Button>
          {open && (
            <Button variant="outline" colorPalette="red" onClick={() => setClosing(true)} data-testid="project-close">
              <LuLock aria-hidden /> Close project
            </Button>
          )}
        </HStack>
      </HStack>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        {counts.map(([label, value]) => (
          <Stat.Root key={label} borderWidth="1px" borderRadius="md" p="3">
            <Stat.Label>{label}</Stat.Label>
            <Stat.ValueText>{value}</Stat.ValueText>
          </Stat.Root>
        ))}
      </SimpleGrid>
      <HStack justify="space-between" align="center" wrap="wrap" gap="3">
        <Heading as="h3" size="md">
          Allocations
        </Heading>
        {allocate}
      </HStack>
      <DataTable
        label={`Allocations of ${project.shortCode}`}
        columns={columns}
        {...table}
        getRowId={(allocation) => allocation.id}
        getRowLabel={fullName}
        empty={{
          title: 'Nobody is allocated',
          description: open ? 'Allocate people of the organization, each for a share of their time.' : 'The project is closed.',
          action: allocate,
        }}
        search={{ label: 'Search allocations', placeholder: 'Name, email or role' }}
        filters={
          <BooleanFilterSelect
            label="Show"
            value={list.filter.isCurrent}
            labels={{ all: 'All allocations', true: 'Current', false: 'Ended' }}
            onChange={(isCurrent) => list.setFilter('isCurrent', isCurrent)}
            testId="allocation-status-filter"
          />
        }
        testId="allocation-table"
      />
      {renaming && (
        <ProjectEditorDialog
          project={project}
          onClose={() => setRenaming(false)}
          onSaved={(saved) => {
            setRenaming(false);
            toaster.success({ title: `${saved.shortCode} was renamed` });
          }}
        />
      )}
      {closing && <ProjectCloseDialog project={project} onClose={() => setClosing(false)} />}
      {allocating && (
        <AllocationDialog
          project={project}
          allocation={allocating.allocation}
          onClose={() => setAllocating(null)}
          onSaved={(saved) => {
            setAllocating(null);
            toaster.success({
              title: allocating.allocation ? `${fullName(saved)}’s allocation was saved` : `${fullName(saved)} was allocated`,
              description:
                saved.personTotalPercentage > 100
                  ? `${saved.firstName} is now at ${saved.personTotalPercentage} % over current projects.`
                  : undefined,
            });
          }}
        />
      )}
      <ConfirmDialog
        open={ending !== null}
        title={`End ${ending ? fullName(ending) : ''} on ${project.shortCode}?`}
        confirmLabel="End allocation"
        destructive
        onConfirm={() => confirmEnd(ending!)}
        onClose={() => setEnding(null)}
        testId="allocation-end-dialog"
      >
        {ending?.firstName}’s {ending?.percentage} % allocation as {ending?.role ?? 'a member'} ends today. It stays in the list as ended;
        the person stays in the organization.
      </ConfirmDialog>
    </Stack>
  );
}
