import { Badge, Box, Button, Code, Dialog, Flex, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LuChevronLeft, LuPlay, LuRotateCw, LuSend } from 'react-icons/lu';
import { DataTable, FilterSelect, RowActionButton, type DataTableColumn } from '@/components/DataTable';
import { DialogFrame } from '@/components/DialogFrame';
import { FormAlert } from '@/components/FormAlert';
import {
  WebhookDeliveriesDocument,
  useWebhookDeliveriesQuery,
  useWebhookDeliveryBodyQuery,
  useWebhookRedeliverMutation,
  type WebhookDeliveryFieldsFragment,
  type WebhookEndpointFieldsFragment,
} from '@/generated/graphql';
import { formatDateTime } from '@/lib/dates';
import { describeRequestError, errorMessage } from '@/lib/requestErrors';
import { toastFailure } from '@/lib/toastFailure';
import { toaster } from '@/lib/toaster';
import { useListQuery } from '@/lib/useListQuery';
import { useListState } from '@/lib/useListState';
import { DELIVERY_STATUSES, deliveryList } from '@/features/webhooks/deliveryList';
import { DELIVERY_STATUS, EVENT_LABELS, eventsSummary } from '@/features/webhooks/labels';
import { EndpointStatus } from '@/features/webhooks/components/EndpointStatus';

type Delivery = WebhookDeliveryFieldsFragment;
type Endpoint = WebhookEndpointFieldsFragment;

/** What became of a delivery, in words, for the CSV and the body's dialog. */
function statusText(delivery: Delivery): string {
  const label = DELIVERY_STATUS[delivery.status].label;
  if (delivery.status === 'RETRYING' && delivery.nextAttemptAt) {
    return `${label} (attempt ${delivery.attempts + 1} at ${formatDateTime(delivery.nextAttemptAt)})${delivery.error ? `: ${delivery.error}` : ''}`;
  }
  if (delivery.status === 'FAILED' && delivery.error) return `${label} after ${delivery.attempts} attempts: ${delivery.error}`;
  return label;
}

/** Its status badge, with the next try of a delivery being retried and the reason of one that failed beneath. */
function StatusCell({ delivery }: { delivery: Delivery }) {
  return (
    <Stack gap="0.5" align="start" maxW="18rem">
      <Badge variant="subtle" colorPalette={DELIVERY_STATUS[delivery.status].palette}>
        {DELIVERY_STATUS[delivery.status].label}
      </Badge>
      {delivery.status === 'RETRYING' && delivery.nextAttemptAt && (
        <Text fontSize="xs" color="fg.muted">
          Attempt {delivery.attempts + 1} at {formatDateTime(delivery.nextAttemptAt)}
        </Text>
      )}
      {(delivery.status === 'RETRYING' || delivery.status === 'FAILED') && delivery.error && (
        <Text fontSize="xs" color={delivery.status === 'FAILED' ? 'fg.error' : 'fg.muted'} lineClamp={2} title={delivery.error}>
          {delivery.error}
        </Text>
      )}
    </Stack>
  );
}

/** The body as it was signed and sent, asked for when it is opened, laid out to read. */
function BodyDialog({ delivery, onClose }: { delivery: Delivery; onClose: () => void }) {
  const { data, error, loading } = useWebhookDeliveryBodyQuery({ variables: { id: delivery.id } });
  const payload = data?.webhookDeliveryBody.payload;
  const pretty = useMemo(() => {
    if (!payload) return '';
    try {
      return JSON.stringify(JSON.parse(payload), null, 2);
    } catch {
      return payload;
    }
  }, [payload]);
  return (
    <DialogFrame
      title={EVENT_LABELS[delivery.eventType]}
      testId="webhook-body"
      onClose={onClose}
      footer={
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Close</Button>
        </Dialog.ActionTrigger>
      }
    >
      <Stack gap="3">
        <Text fontSize="sm">
          Queued {formatDateTime(delivery.createdAt)}; {statusText(delivery).toLowerCase()}
          {delivery.responseStatus ? `, answered ${delivery.responseStatus}` : ''}.
        </Text>
        <Text fontSize="sm" color="fg.muted">
          Sent with the header webhook-id <Code>{delivery.messageId}</Code>, the same for every try and redelivery.
        </Text>
        {error && <FormAlert message={describeRequestError(error)} testId="webhook-body-error" />}
        {loading && <Skeleton height="12rem" borderRadius="md" />}
        {payload && (
          <Box
            as="pre"
            tabIndex={0}
            aria-label="The body delivered"
            fontFamily="mono"
            fontSize="sm"
            bg="bg.muted"
            borderRadius="md"
            p="3"
            overflowX="auto"
            whiteSpace="pre"
            data-testid="webhook-body-payload"
          >
            {pretty}
          </Box>
        )}
      </Stack>
    </DialogFrame>
  );
}

/** Sends a finished delivery's event again, as a new delivery behind what waits. */
function RedeliverButton({ delivery, onDone }: { delivery: Delivery; onDone: () => void }) {
  const [redeliver, { loading }] = useWebhookRedeliverMutation();
  async function onClick() {
    try {
      const [refusal] = (await redeliver({ variables: { deliveryId: delivery.id } })).data?.redeliverWebhook.errors ?? [];
      if (refusal) toaster.error({ title: 'The event was not sent again', description: errorMessage(refusal), closable: true });
      else {
        toaster.success({ title: 'Redelivery queued', description: `${EVENT_LABELS[delivery.eventType]} goes again behind what waits.` });
        onDone();
      }
    } catch (failure) {
      toastFailure('The event was not sent again', failure);
    }
  }
  return (
    <RowActionButton
      icon={<LuRotateCw aria-hidden />}
      variant="outline"
      loading={loading}
      onClick={onClick}
      aria-label={`Redeliver ${EVENT_LABELS[delivery.eventType]} of ${formatDateTime(delivery.createdAt)}`}
      data-testid="webhook-redeliver"
    >
      Redeliver
    </RowActionButton>
  );
}

type Props = {
  endpoint: Endpoint;
  onBack: () => void;
  onTest: () => void;
  onResume: () => void;
  /** Something changed that the endpoint's summary shows (a redelivery waits). */
  onChanged: () => void;
};

/** One endpoint's deliveries, newest first: event, what became of it, its answer, tries and times; its body on demand. */
export function EndpointDeliveries({ endpoint, onBack, onTest, onResume, onChanged }: Props) {
  const list = useListState(deliveryList);
  const { table } = useListQuery(
    useWebhookDeliveriesQuery,
    WebhookDeliveriesDocument,
    { ...list, variables: { ...list.variables, endpointId: endpoint.id } },
    (answer) => answer.webhookDeliveries,
    { fresh: true },
  );
  const [open, setOpen] = useState<Delivery | null>(null);
  const refresh = () => {
    table.onRetry();
    onChanged();
  };
  // The columns are made once; a redelivery refreshes with what the screen has then.
  const afterRedelivery = useRef(refresh);
  useEffect(() => {
    afterRedelivery.current = refresh;
  });

  const columns = useMemo<DataTableColumn<Delivery>[]>(
    () => [
      {
        id: 'created',
        header: 'Queued',
        accessorFn: (delivery) => delivery.createdAt,
        meta: { csv: (delivery) => delivery.createdAt },
        cell: ({ row: { original: delivery } }) => <Text whiteSpace="nowrap">{formatDateTime(delivery.createdAt)}</Text>,
      },
      {
        id: 'event',
        header: 'Event',
        enableSorting: false,
        meta: { csv: (delivery) => EVENT_LABELS[delivery.eventType] },
        cell: ({ row: { original: delivery } }) => (
          <Button
            variant="plain"
            size="sm"
            height="auto"
            p="0"
            color="fg.info"
            textDecoration="underline"
            textAlign="start"
            whiteSpace="normal"
            onClick={() => setOpen(delivery)}
            aria-label={`Body of ${EVENT_LABELS[delivery.eventType]}, queued ${formatDateTime(delivery.createdAt)}`}
            data-testid="webhook-delivery-open"
          >
            {EVENT_LABELS[delivery.eventType]}
          </Button>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        enableSorting: false,
        meta: { csv: statusText },
        cell: ({ row: { original: delivery } }) => <StatusCell delivery={delivery} />,
      },
      {
        id: 'response',
        header: 'Response',
        enableSorting: false,
        meta: { csv: (delivery) => (delivery.responseStatus === null ? '' : String(delivery.responseStatus)) },
        cell: ({ row: { original: delivery } }) =>
          delivery.responseStatus === null ? (
            <Text as="span" color="fg.muted">
              {delivery.attempts > 0 ? 'No answer' : 'Not tried yet'}
            </Text>
          ) : (
            <Text as="span" data-testid="webhook-delivery-response">
              {delivery.responseStatus}
            </Text>
          ),
      },
      {
        id: 'attempts',
        header: 'Attempts',
        enableSorting: false,
        accessorFn: (delivery) => delivery.attempts,
      },
      {
        id: 'lastAttempt',
        header: 'Last attempt',
        enableSorting: false,
        meta: { csv: (delivery) => delivery.lastAttemptAt ?? '' },
        cell: ({ row: { original: delivery } }) =>
          delivery.lastAttemptAt ? (
            <Text whiteSpace="nowrap">{formatDateTime(delivery.lastAttemptAt)}</Text>
          ) : (
            <Text as="span" color="fg.muted">
              Never
            </Text>
          ),
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        meta: { csv: false },
        cell: ({ row: { original: delivery } }) =>
          delivery.status === 'SUCCEEDED' || delivery.status === 'FAILED' ? (
            <RedeliverButton delivery={delivery} onDone={() => afterRedelivery.current()} />
          ) : null,
      },
    ],
    [],
  );

  return (
    <Stack gap="4" data-testid="webhook-deliveries">
      <Button variant="ghost" size="sm" alignSelf="start" onClick={onBack} data-testid="webhook-back">
        <LuChevronLeft aria-hidden /> All endpoints
      </Button>
      <Stack gap="2">
        <Text as="h3" fontWeight="semibold" fontFamily="mono" wordBreak="break-all" data-testid="webhook-deliveries-url">
          {endpoint.url}
        </Text>
        <HStack gap="2" wrap="wrap">
          <EndpointStatus endpoint={endpoint} />
          <Badge variant="outline">{eventsSummary(endpoint.events)}</Badge>
        </HStack>
      </Stack>
      <Flex gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={onTest} data-testid="webhook-test">
          <LuSend aria-hidden /> Send test event
        </Button>
        {endpoint.status === 'PAUSED' && (
          <Button size="sm" colorPalette="brand" onClick={onResume} data-testid="webhook-resume">
            <LuPlay aria-hidden /> Resume
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={refresh} data-testid="webhook-refresh">
          <LuRotateCw aria-hidden /> Refresh
        </Button>
      </Flex>
      <DataTable
        label={`Deliveries to ${endpoint.url}`}
        testId="webhook-deliveries-table"
        columns={columns}
        {...table}
        getRowId={(delivery) => delivery.id}
        getRowLabel={(delivery) => `${EVENT_LABELS[delivery.eventType]}, ${formatDateTime(delivery.createdAt)}`}
        filters={
          <FilterSelect
            label="Status"
            value={list.filter.status ?? ''}
            options={[['', 'Every delivery'], ...DELIVERY_STATUSES.map((status) => [status, DELIVERY_STATUS[status].label] as const)]}
            onChange={(status) => list.setFilter('status', status || null)}
            testId="webhook-status-filter"
          />
        }
        empty={{
          title: 'No deliveries yet',
          description: 'Each event sent to this endpoint shows here, with what it answered. Send a test event to try it.',
        }}
      />
      {open && <BodyDialog delivery={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
