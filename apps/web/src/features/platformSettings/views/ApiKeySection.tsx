import { Badge, Code, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { LuKeyRound } from 'react-icons/lu';
import { BooleanFilterSelect, type DataTableColumn } from '@/components/DataTable';
import { ApiKeyListDocument, useApiKeyListQuery, useApiKeyRevokeMutation, type ApiKeyFieldsFragment } from '@/generated/graphql';
import { formatDateTime } from '@/lib/dates';
import { API_KEY_ACCESS_LABELS } from '@/lib/labels';
import { dropListPages } from '@/lib/listCache';
import { throwIfRefused } from '@/lib/payloadErrors';
import { toaster } from '@/lib/toaster';
import { useListQuery } from '@/lib/useListQuery';
import { useListState } from '@/lib/useListState';
import { apiKeyList } from '@/features/platformSettings/apiKeyList';
import { MasterSection, type MasterAction } from '@/features/platformSettings/master/MasterSection';
import { ApiKeyCreateDialog } from './ApiKeyCreateDialog';

type ApiKey = ApiKeyFieldsFragment;

const reachOf = (key: ApiKey) => key.organization?.name ?? 'Every organization';

/** Whether a key works: revoked, past its last day, or active (until when, if it has a last day). */
function statusOf(key: ApiKey): { label: string; palette: string; detail: string | null; csv: string } {
  if (key.revokedAt) return { label: 'Revoked', palette: 'red', detail: formatDateTime(key.revokedAt), csv: `Revoked ${key.revokedAt}` };
  if (key.expiresAt && new Date(key.expiresAt) <= new Date()) {
    return { label: 'Expired', palette: 'gray', detail: formatDateTime(key.expiresAt), csv: `Expired ${key.expiresAt}` };
  }
  const until = key.expiresAt ? `until ${formatDateTime(key.expiresAt)}` : null;
  return { label: 'Active', palette: 'green', detail: until, csv: until ? `Active ${until}` : 'Active' };
}

/** API keys of internal tools: make one (its secret shown once), see when each was last used, revoke one. */
export function ApiKeySection() {
  const list = useListState(apiKeyList);
  const { table } = useListQuery(useApiKeyListQuery, ApiKeyListDocument, list, (answer) => answer.apiKeys);
  const [revoke] = useApiKeyRevokeMutation({ update: (cache) => dropListPages(cache, 'apiKeys') });

  const columns = useMemo<DataTableColumn<ApiKey>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        accessorKey: 'name',
        cell: ({ row: { original: key } }) => (
          <Stack gap="0">
            <Text as="span">{key.name}</Text>
            <Code fontSize="xs" width="fit-content" data-testid="api-key-prefix">
              {key.prefix}…
            </Code>
          </Stack>
        ),
      },
      {
        id: 'access',
        header: 'Access',
        enableSorting: false,
        meta: { csv: (key) => API_KEY_ACCESS_LABELS[key.access] },
        cell: ({ row: { original: key } }) => (
          <Badge colorPalette={key.access === 'READ' ? 'gray' : 'orange'} variant="subtle">
            {API_KEY_ACCESS_LABELS[key.access]}
          </Badge>
        ),
      },
      { id: 'reach', header: 'Reach', enableSorting: false, accessorFn: reachOf },
      {
        id: 'status',
        header: 'Status',
        enableSorting: false,
        meta: { csv: (key) => statusOf(key).csv },
        cell: ({ row: { original: key } }) => {
          const status = statusOf(key);
          return (
            <Stack gap="0">
              <Badge colorPalette={status.palette} variant="subtle" width="fit-content">
                {status.label}
              </Badge>
              {status.detail && (
                <Text as="span" fontSize="xs" color="fg.muted">
                  {status.detail}
                </Text>
              )}
            </Stack>
          );
        },
      },
      {
        id: 'lastUsed',
        header: 'Last used',
        enableSorting: false,
        meta: { csv: (key) => key.lastUsedAt ?? '' },
        cell: ({ row: { original: key } }) =>
          key.lastUsedAt ? (
            formatDateTime(key.lastUsedAt)
          ) : (
            <Text as="span" color="fg.muted">
              Never
            </Text>
          ),
      },
      {
        id: 'created',
        header: 'Created',
        accessorFn: (key) => key.createdAt,
        meta: { csv: (key) => `${key.createdAt} by ${key.createdByName ?? 'a former administrator'}` },
        cell: ({ row: { original: key } }) => (
          <Stack gap="0">
            <Text as="span">{formatDateTime(key.createdAt)}</Text>
            <Text as="span" fontSize="xs" color="fg.muted">
              by {key.createdByName ?? 'a former administrator'}
            </Text>
          </Stack>
        ),
      },
    ],
    [],
  );

  const actions = useMemo<MasterAction<ApiKey>[]>(
    () => [
      {
        value: 'revoke',
        label: 'Revoke',
        icon: <LuKeyRound aria-hidden />,
        destructive: true,
        when: (key) => !key.revokedAt,
        confirm: (key) => ({
          title: `Revoke ${key.name}?`,
          confirmLabel: 'Revoke key',
          body: `The tool holding this key is refused from its next call. A revoked key cannot be used again; make a new one if the tool still needs access.`,
        }),
        run: async (key) => {
          const answer = await revoke({ variables: { id: key.id } });
          throwIfRefused(answer.data?.revokeApiKey);
          toaster.success({ title: `${key.name} revoked` });
        },
      },
    ],
    [revoke],
  );

  return (
    <MasterSection
      noun="api-key"
      label="API keys"
      addLabel="Create API key"
      emptyDescription="Create a key for each internal tool that queries the console’s GraphQL API: it sees and changes only what you allow."
      rowName={(key) => key.name}
      columns={columns}
      actions={actions}
      editable={() => false}
      {...table}
      search={{ label: 'Search API keys', placeholder: 'Name' }}
      filters={
        <BooleanFilterSelect
          label="Show"
          value={list.filter.active}
          labels={{ all: 'All keys', true: 'Active', false: 'Revoked or expired' }}
          onChange={(active) => list.setFilter('active', active)}
          testId="api-key-status-filter"
        />
      }
      form={(_key, close) => <ApiKeyCreateDialog onClose={close} />}
    />
  );
}
