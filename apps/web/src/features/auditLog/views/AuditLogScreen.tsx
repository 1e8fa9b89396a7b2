import { Box, CloseButton, HStack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { DataTable, DayRangeFilter, FilterSelect } from '@/components/DataTable';
import { PageHeader } from '@/components/PageHeader';
import { AuditLogDocument, useAuditActionsQuery, useAuditLogQuery } from '@/generated/graphql';
import { menuEntryName } from '@/lib/menu';
import { useListQuery } from '@/lib/useListQuery';
import { useListState } from '@/lib/useListState';
import { auditFilter, auditList } from '@/features/auditLog/auditList';
import { actionLabel, actorName, auditColumns, type AuditRow } from '@/features/auditLog/components/auditColumns';
import { auditActionLabel } from '@yozy/shared/auditLog';
import { auditLogPath } from '@/features/auditLog/urls';

export type AuditLogScreenProps = {
  /** The organisation whose log to show; the viewer's own when absent (the whole platform for a SuperAdmin). */
  organizationId?: string;
  /** Inside another page (an organisation tab, Platform Settings): no page title of its own. */
  embedded?: boolean;
  /** The provider's log of the whole platform: each entry names its organisation. */
  platformWide?: boolean;
  /** Only the history of one record, such as one person's (`{ entityType: 'user', entityId: '42' }`). */
  about?: { entityType: string; entityId: string };
};

/**
 * The audit log: who changed what, to which record, from where, with each field before and after;
 * searched, filtered by person, action and days, and exported as CSV, all on the server.
 */
export function AuditLogScreen({ organizationId, embedded = false, platformWide = false, about }: AuditLogScreenProps) {
  const list = useListState(auditList);
  const aboutType = about?.entityType;
  const aboutId = about?.entityId;
  const variables = useMemo(
    () => ({
      ...list.variables,
      filter: aboutType && aboutId ? { ...auditFilter(list.filter), entityType: aboutType, entityId: aboutId } : auditFilter(list.filter),
      organizationId,
    }),
    [list.variables, list.filter, organizationId, aboutType, aboutId],
  );
  const { page, table } = useListQuery(useAuditLogQuery, AuditLogDocument, { ...list, variables }, (answer) => answer.auditLog, {
    fresh: true,
  });
  const actions = useAuditActionsQuery({ variables: { organizationId } }).data?.auditActions;
  // Each action in words, in the order of its words.
  const actionOptions = useMemo(
    () => (actions ?? []).map((action) => [action, auditActionLabel(action)] as const).sort((a, b) => a[1].localeCompare(b[1])),
    [actions],
  );
  const columns = useMemo(
    () =>
      auditColumns({
        withOrganization: platformWide,
        organizationId,
        onPerson: (row: AuditRow) => list.setFilter('person', row.actor?.id ?? null),
      }),
    [platformWide, list, organizationId],
  );
  const person = list.filter.person;
  const personName = page?.nodes.find((row) => row.actor?.id === person);

  return (
    <Box data-testid="audit-log-screen">
      {!embedded && <PageHeader title={menuEntryName(auditLogPath)} />}
      <Text color="fg.muted" maxW="prose" mb="4">
        {about
          ? 'Every change made to this record: who made it, from where, and each field before and after.'
          : platformWide
            ? 'Every change made on the platform: who made it, to which record, from where, and each field before and after.'
            : 'Every change made in the organization: who made it, to which record, from where, and each field before and after.'}
      </Text>
      {person && (
        <HStack mb="3" gap="1" data-testid="audit-person-filter">
          <Text fontSize="sm">Changes by {personName ? actorName(personName) : 'one person'}</Text>
          <CloseButton size="2xs" aria-label="Show changes by everyone" onClick={() => list.setFilter('person', null)} />
        </HStack>
      )}
      <DataTable
        label="Audit log"
        columns={columns}
        {...table}
        getRowId={(row) => row.id}
        getRowLabel={(row) => `${actionLabel(row)} by ${actorName(row)}`}
        empty={{ title: 'Nothing changed yet', description: 'Changes made by administrators appear here, newest first.' }}
        search={{ label: 'Search the audit log', placeholder: 'Person or action' }}
        filters={
          <>
            <FilterSelect
              label="Action"
              value={list.filter.action ?? ''}
              options={[['', 'Every action'], ...actionOptions]}
              onChange={(action) => list.setFilter('action', action || null)}
              testId="audit-action-filter"
            />
            <DayRangeFilter
              label="Changed"
              from={list.filter.from}
              to={list.filter.to}
              onFromChange={(day) => list.setFilter('from', day)}
              onToChange={(day) => list.setFilter('to', day)}
              testId="audit-changed"
            />
          </>
        }
        testId="audit-table"
      />
    </Box>
  );
}
