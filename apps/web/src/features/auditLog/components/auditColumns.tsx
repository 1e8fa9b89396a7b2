import { Box, Button, Stack, Text } from '@chakra-ui/react';
import type { DataTableColumn } from '@/components/DataTable';
import type { AuditEntryFieldsFragment } from '@/generated/graphql';
import { RecordLink } from '@/components/RecordLink';
import { auditActionLabel } from '@yozy/shared/auditLog';
import { formatDateTime } from '@/lib/dates';
import { personPath } from '@/features/users/urls';
import { changeTexts, recordKindLabel, recordLabel } from '@/features/auditLog/auditWords';

export type AuditRow = AuditEntryFieldsFragment;

export const actorName = (row: AuditRow) =>
  row.actor
    ? row.actor.name || row.actor.email
    : row.provisioningTokenName
      ? `Identity provider (token “${row.provisioningTokenName}”)`
      : 'System or emailed link';

/** What happened, in words: "Role changed". */
export const actionLabel = (row: AuditRow) => auditActionLabel(row.action);

type Options = {
  /** The whole platform's log: each entry says which organisation it concerns. */
  withOrganization: boolean;
  /** Narrows the list to the changes of the row's person. */
  onPerson: (row: AuditRow) => void;
  /** The organisation the provider named for the list, whose people's pages the records link to. */
  organizationId?: string;
};

/** The page of the person an entry changed, or null when it changed something else. */
function changedPersonPath(row: AuditRow, withOrganization: boolean, organizationId: string | undefined): string | null {
  if (row.entityType !== 'user' || !row.entityId || !/^\d+$/.test(row.entityId)) return null;
  return personPath(row.entityId, withOrganization ? (row.organizationId ?? undefined) : organizationId);
}

/** The columns of an audit log table; the id of the sortable one is the list's sort key. */
export function auditColumns({ withOrganization, onPerson, organizationId }: Options): DataTableColumn<AuditRow>[] {
  const columns: DataTableColumn<AuditRow>[] = [
    {
      id: 'occurred',
      header: 'When',
      accessorFn: (row) => row.occurredAt,
      cell: ({ row }) => <Text whiteSpace="nowrap">{formatDateTime(row.original.occurredAt)}</Text>,
      meta: { csv: (row) => formatDateTime(row.occurredAt) },
    },
    {
      id: 'person',
      header: 'Person',
      accessorFn: actorName,
      cell: ({ row }) =>
        row.original.actor ? (
          <Stack gap="0">
            <Button
              variant="plain"
              size="sm"
              height="auto"
              p="0"
              justifyContent="flex-start"
              color="fg.info"
              textDecoration="underline"
              onClick={() => onPerson(row.original)}
              aria-label={`Show only changes by ${actorName(row.original)}`}
              data-testid="audit-person"
            >
              {actorName(row.original)}
            </Button>
            <Text fontSize="xs" color="fg.muted">
              {row.original.actor.email}
            </Text>
            {row.original.apiKeyName && (
              <Text fontSize="xs" color="fg.muted" data-testid="audit-api-key">
                with API key “{row.original.apiKeyName}”
              </Text>
            )}
          </Stack>
        ) : (
          <Text color="fg.muted">{actorName(row.original)}</Text>
        ),
      meta: {
        csv: (row) =>
          (row.actor ? `${actorName(row)} <${row.actor.email}>` : actorName(row)) +
          (row.apiKeyName ? ` with API key "${row.apiKeyName}"` : ''),
      },
    },
    {
      id: 'action',
      header: 'Action',
      accessorFn: actionLabel,
      cell: ({ row }) => <Text data-testid="audit-action">{actionLabel(row.original)}</Text>,
    },
    {
      id: 'record',
      header: 'Record',
      accessorFn: recordLabel,
      cell: ({ row }) => {
        const path = row.original.entityName ? changedPersonPath(row.original, withOrganization, organizationId) : null;
        const name = recordLabel(row.original);
        return (
          <Stack gap="0" data-testid="audit-record">
            {path ? (
              <RecordLink to={path} label={`Open the page of ${name}`} testId="audit-record-person">
                {name}
              </RecordLink>
            ) : (
              <Text>{name}</Text>
            )}
            {row.original.entityName && (
              <Text fontSize="xs" color="fg.muted">
                {recordKindLabel(row.original.entityType)}
              </Text>
            )}
          </Stack>
        );
      },
      meta: { csv: (row) => (row.entityName ? `${recordKindLabel(row.entityType)}: ${row.entityName}` : recordLabel(row)) },
    },
  ];
  if (withOrganization) {
    columns.push({
      id: 'organization',
      header: 'Organization',
      accessorFn: (row) => row.organizationName ?? '',
      cell: ({ row }) => row.original.organizationName ?? <Text color="fg.muted">Platform</Text>,
      meta: { csv: (row) => row.organizationName ?? 'Platform' },
    });
  }
  columns.push(
    {
      id: 'changes',
      header: 'Changes',
      accessorFn: (row) => changeTexts(row).join('; '),
      cell: ({ row }) =>
        row.original.changes.length ? (
          <Box as="ul" listStyleType="none" fontSize="sm" maxW="md">
            {changeTexts(row.original).map((text, n) => (
              <Box as="li" key={row.original.changes[n]!.field} overflowWrap="anywhere">
                {text}
              </Box>
            ))}
          </Box>
        ) : (
          <Text color="fg.muted">—</Text>
        ),
    },
    {
      id: 'ip',
      header: 'IP address',
      accessorFn: (row) => row.ip ?? '',
      cell: ({ row }) => row.original.ip ?? <Text color="fg.muted">—</Text>,
    },
  );
  return columns;
}
