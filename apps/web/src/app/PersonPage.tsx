import { AuditLogScreen } from '@/features/auditLog/views/AuditLogScreen';
import { PersonProjects } from '@/features/projects/components/PersonProjects';
import { PersonScreen, type PersonSection } from '@/features/users/views/PersonScreen';

// The sections other parts of the console add to a person's page, after its own: their projects and their audit history.
const PERSON_SECTIONS: readonly PersonSection[] = [
  { id: 'projects', title: 'Projects', render: ({ userId }) => <PersonProjects userId={userId} /> },
  {
    id: 'audit',
    title: 'Audit history',
    render: ({ userId, organizationId }) => (
      <AuditLogScreen embedded organizationId={organizationId} about={{ entityType: 'user', entityId: userId }} />
    ),
  },
];

/**
 * A person's page with the sections of the other features: the organisation admin's own
 * (`/UserManagement/{id}`), or, for the organisation in the address, the provider's on its user tab.
 */
export default function PersonPage({ organizationId }: { organizationId?: string; embedded?: boolean }) {
  return <PersonScreen organizationId={organizationId} sections={PERSON_SECTIONS} />;
}
