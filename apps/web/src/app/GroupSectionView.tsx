import { Suspense } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { LinkTabs } from '@/components/LinkTabs';
import { PageHeader } from '@/components/PageHeader';
import { ScreenSpinner } from '@/components/ScreenSpinner';
import { GroupsScreen } from '@/features/groups/views/GroupsScreen';
import { groupManagementPath } from '@/features/groups/urls';
import { groupSectionPath, PROJECTS_SLUG, projectListPath } from '@/features/projects/urls';
import { lazyScreen } from '@/lib/lazyScreen';
import { menuEntryName } from '@/lib/menu';

const ProjectsScreen = lazyScreen<{ organizationId?: string }>(() =>
  import('@/features/projects/views/ProjectsScreen').then((m) => ({ default: m.ProjectsScreen })),
);
const ProjectDetailScreen = lazyScreen<{ projectId: string; organizationId?: string }>(() =>
  import('@/features/projects/views/ProjectDetailScreen').then((m) => ({ default: m.ProjectDetailScreen })),
);

type Props = {
  /** The organisation the provider looks at; the organisation admin's own when absent. */
  organizationId?: string;
  /** Inside the provider's organisation tabs: no page title of its own. */
  embedded?: boolean;
};

/**
 * An organisation's groups and projects, one tab each at its own address: the organisation
 * admin's `/GroupManagement` and `/GroupManagement/projects`, and the same under the provider's
 * organisation group tab. A project's page sits under the projects tab (`…/projects/12`).
 */
export function GroupSection({ organizationId, embedded = false }: Props) {
  const rest = useParams()['*'] ?? '';
  const base = groupSectionPath(organizationId);
  const [slug, projectId, ...beyond] = rest.split('/').filter(Boolean);
  const onProjects = slug === PROJECTS_SLUG;
  // An address under the tabs that names nothing leads to the groups.
  if ((slug && !onProjects) || beyond.length > 0) return <Navigate to={base} replace />;

  const tabs = [
    { value: 'groups', label: 'Groups', to: base },
    { value: PROJECTS_SLUG, label: 'Projects', to: projectListPath(organizationId) },
  ];
  return (
    <>
      {!embedded && <PageHeader title={menuEntryName(groupManagementPath)} />}
      <LinkTabs label="Groups and projects" tabs={tabs} value={onProjects ? PROJECTS_SLUG : 'groups'} testId="group-section-tabs">
        <Suspense fallback={<ScreenSpinner />}>
          {!onProjects && <GroupsScreen organizationId={organizationId} embedded />}
          {onProjects && !projectId && <ProjectsScreen organizationId={organizationId} />}
          {onProjects && projectId && <ProjectDetailScreen key={projectId} projectId={projectId} organizationId={organizationId} />}
        </Suspense>
      </LinkTabs>
    </>
  );
}

/** The organisation admin's own groups and projects. */
export default function GroupManagementView() {
  return <GroupSection />;
}
