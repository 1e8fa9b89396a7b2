import { Badge, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuLock, LuPencil, LuPlus, LuTriangleAlert } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { BooleanFilterSelect, DataTable, type DataTableColumn } from '@/components/DataTable';
import { ProjectListDocument, useProjectListQuery, type ProjectFieldsFragment } from '@/generated/graphql';
import { formatDate } from '@/lib/dates';
import { toaster } from '@/lib/toaster';
import { useListQuery } from '@/lib/useListQuery';
import { useListState } from '@/lib/useListState';
import { projectList } from '@/features/projects/projectList';
import { projectPath } from '@/features/projects/urls';
import { ProjectCloseDialog } from './ProjectCloseDialog';
import { ProjectEditorDialog } from './ProjectEditorDialog';

type Project = ProjectFieldsFragment;
type Editing = { mode: 'create' } | { mode: 'rename'; project: Project };

/** Open or closed, in words and colour. */
export function ProjectStatusBadge({ closed }: { closed: boolean }) {
  return (
    <Badge colorPalette={closed ? 'gray' : 'green'} variant="subtle" data-testid="project-status">
      {closed ? 'Closed' : 'Open'}
    </Badge>
  );
}

/** How many people the project has now, with a warning when some of them are over 100 % in all. */
export function PeopleCount({ project }: { project: Project }) {
  return (
    <HStack gap="2" justify="flex-end" wrap="wrap">
      <Text>{project.currentAllocationCount}</Text>
      {project.overAllocatedCount > 0 && (
        <Badge colorPalette="orange" variant="subtle" data-testid="project-over-allocated">
          <LuTriangleAlert aria-hidden /> {project.overAllocatedCount} over 100 %
        </Badge>
      )}
    </HStack>
  );
}

export type ProjectsScreenProps = {
  /** The organisation whose projects to show; the viewer's own when absent (a SuperAdmin passes one). */
  organizationId?: string;
};

/**
 * An organisation's projects: searched, filtered (open or closed), sorted and paged on the
 * server, with the people allocated now, issues and releases; make, rename and close projects.
 */
export function ProjectsScreen({ organizationId }: ProjectsScreenProps) {
  const list = useListState(projectList);
  const variables = { organizationId, ...list.variables };
  const { table } = useListQuery(useProjectListQuery, ProjectListDocument, { ...list, variables }, (answer) => answer.projects);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [closing, setClosing] = useState<Project | null>(null);

  const columns = useMemo<DataTableColumn<Project>[]>(
    () => [
      {
        id: 'code',
        accessorKey: 'shortCode',
        header: 'Short code',
        cell: ({ row }) => (
          <Link asChild color="brand.fg" fontWeight="medium" whiteSpace="nowrap">
            <RouterLink to={projectPath(row.original.id, organizationId)} data-testid="project-link">
              {row.original.shortCode}
            </RouterLink>
          </Link>
        ),
      },
      {
        id: 'name',
        accessorKey: 'name',
        header: 'Name',
        cell: ({ row }) => (
          <Text minW="10rem" data-testid="project-name">
            {row.original.name}
          </Text>
        ),
      },
      {
        id: 'status',
        accessorFn: (project) => (project.isClosed ? 'Closed' : 'Open'),
        header: 'Status',
        cell: ({ row }) => <ProjectStatusBadge closed={row.original.isClosed} />,
      },
      {
        id: 'people',
        accessorFn: (project) =>
          project.overAllocatedCount > 0
            ? `${project.currentAllocationCount} (${project.overAllocatedCount} over 100 %)`
            : String(project.currentAllocationCount),
        header: 'People',
        meta: { numeric: true },
        cell: ({ row }) => <PeopleCount project={row.original} />,
      },
      {
        id: 'issues',
        accessorFn: (project) => `${project.openIssueCount} of ${project.issueCount}`,
        header: 'Open issues',
        meta: { numeric: true },
      },
      { id: 'releases', accessorKey: 'releaseCount', header: 'Releases', meta: { numeric: true } },
      {
        id: 'created',
        accessorFn: (project) => formatDate(project.createdAt),
        header: 'Created',
        cell: ({ row }) => <Text whiteSpace="nowrap">{formatDate(row.original.createdAt)}</Text>,
      },
      {
        id: 'actions',
        header: 'Actions',
        meta: { csv: false },
        cell: ({ row }) => (
          <HStack gap="1" justify="flex-end">
            <Button
              size="xs"
              variant="ghost"
              aria-label={`Rename ${row.original.shortCode}`}
              onClick={() => setEditing({ mode: 'rename', project: row.original })}
            >
              <LuPencil aria-hidden /> Rename
            </Button>
            {!row.original.isClosed && (
              <Button
                size="xs"
                variant="ghost"
                colorPalette="red"
                aria-label={`Close ${row.original.shortCode}`}
                onClick={() => setClosing(row.original)}
              >
                <LuLock aria-hidden /> Close
              </Button>
            )}
          </HStack>
        ),
      },
    ],
    [organizationId],
  );

  const newProject = (
    <Button colorPalette="brand" onClick={() => setEditing({ mode: 'create' })} data-testid="project-new">
      <LuPlus aria-hidden /> New project
    </Button>
  );

  return (
    <Stack gap="4">
      <HStack justify="space-between" align="center" wrap="wrap" gap="3">
        <Text color="fg.muted" maxW="40rem">
          Projects have a short code and the people allocated to them, each for a share of their time.
        </Text>
        {newProject}
      </HStack>
      <DataTable
        label="Projects"
        columns={columns}
        {...table}
        getRowId={(project) => project.id}
        getRowLabel={(project) => `${project.shortCode} ${project.name}`}
        empty={{ title: 'No projects yet', description: 'Make the first project, then allocate people to it.', action: newProject }}
        search={{ label: 'Search projects', placeholder: 'Short code or name' }}
        filters={
          <BooleanFilterSelect
            label="Show"
            value={list.filter.isClosed}
            labels={{ all: 'All projects', true: 'Closed', false: 'Open' }}
            onChange={(isClosed) => list.setFilter('isClosed', isClosed)}
            testId="project-status-filter"
          />
        }
        testId="project-table"
      />
      {editing && (
        <ProjectEditorDialog
          organizationId={organizationId}
          project={editing.mode === 'rename' ? editing.project : undefined}
          onClose={() => setEditing(null)}
          onSaved={(project, created) => {
            setEditing(null);
            toaster.success({
              title: created ? `${project.shortCode} was created` : `${project.shortCode} was renamed`,
              description: created ? 'Open it from the list to allocate people.' : undefined,
            });
          }}
        />
      )}
      {closing && <ProjectCloseDialog project={closing} onClose={() => setClosing(null)} />}
    </Stack>
  );
}
