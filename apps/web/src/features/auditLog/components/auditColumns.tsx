import { Box, Button, Stack, Text } from '@chakra-ui/react';
import type { DataTableColumn } from '@/components/DataTable';
import type { AuditEntryFieldsFragment } from '@/generated/graphql';
import { RecordLink } from '@/components/RecordLink';
import { formatDate, formatDateTime } from '@/lib/dates';
import { codeLabel } from '@/lib/labels';
import { personPath } from '@/features/users/urls';

export type AuditRow = AuditEntryFieldsFragment;
type Change = AuditRow['changes'][number];

/** A text value as the console writes it: a day DD-MM-YYYY, an instant with its time, a coded value in words. */
function readableText(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(value)) return formatDateTime(value);
  if (/^[A-Z][A-Z]+(_[A-Z]+)*$/.test(value) && value.length > 3) return codeLabel(value);
  return value;
}

/** A value as the log keeps it (JSON text) the way a person reads it: text without quotes, nothing as a dash. */
export function readable(json: string | null): string {
  if (json === null) return '—';
  try {
    const value: unknown = JSON.parse(json);
    if (value === null || value === '') return '—';
    if (typeof value === 'boolean') return value ? 'Yes' : 'No';
    if (typeof value === 'string') return readableText(value);
    if (Array.isArray(value))
      return value.map((item) => (typeof item === 'string' ? readableText(item) : JSON.stringify(item))).join(', ') || '—';
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  } catch {
    return json;
  }
}

/** A field's name in words: isActive → "Is active", validTill → "Valid till". */
const fieldName = (field: string) => codeLabel(field.replace(/([a-z0-9])([A-Z])/g, '$1_$2'));

/** "Is active: Yes → No", or only the side there is for a record created or deleted. */
export function changeText({ field, before, after }: Change): string {
  const name = fieldName(field);
  if (before === null) return `${name}: ${readable(after)}`;
  if (after === null) return `${name}: ${readable(before)} (removed)`;
  return `${name}: ${readable(before)} → ${readable(after)}`;
}

export const actorName = (row: AuditRow) =>
  row.actor
    ? row.actor.name || row.actor.email
    : row.provisioningTokenName
      ? `Identity provider (token “${row.provisioningTokenName}”)`
      : 'System or emailed link';

/** "user 42", or the record's kind alone when it has no id. */
const recordOf = (row: AuditRow) => [row.entityType, row.entityId].filter(Boolean).join(' ');

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
      accessorFn: (row) => row.action,
      cell: ({ row }) => (
        <Text fontFamily="mono" fontSize="sm" whiteSpace="nowrap">
          {row.original.action}
        </Text>
      ),
    },
    {
      id: 'record',
      header: 'Record',
      accessorFn: recordOf,
      cell: ({ row }) => {
        const path = changedPersonPath(row.original, withOrganization, organizationId);
        return path ? (
          <RecordLink to={path} label={`Open the page of ${recordOf(row.original)}`} testId="audit-record-person">
            {recordOf(row.original)}
          </RecordLink>
        ) : (
          recordOf(row.original)
        );
      },
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
      accessorFn: (row) => row.changes.map(changeText).join('; '),
      cell: ({ row }) =>
        row.original.changes.length ? (
          <Box as="ul" listStyleType="none" fontSize="sm" maxW="md">
            {row.original.changes.map((change) => (
              <Box as="li" key={change.field} overflowWrap="anywhere">
                {changeText(change)}
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
