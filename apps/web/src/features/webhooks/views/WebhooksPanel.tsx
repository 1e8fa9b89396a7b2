import { Badge, Box, Button, Card, Code, Flex, HStack, IconButton, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { parseAsString, useQueryState } from 'nuqs';
import { useState, type ReactElement, type ReactNode } from 'react';
import { LuEllipsis, LuPause, LuPencil, LuPlay, LuPlus, LuRotateCw, LuSend, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { SettingsPanel } from '@/components/SettingsPanel';
import {
  WebhookEndpointsDocument,
  useWebhookEndpointDeleteMutation,
  useWebhookEndpointPauseMutation,
  useWebhookEndpointsQuery,
  useWebhookSecretRotateMutation,
  useWebhookTestSendMutation,
  type WebhookEndpointFieldsFragment,
} from '@/generated/graphql';
import { formatDateTime } from '@/lib/dates';
import { errorMessage } from '@/lib/requestErrors';
import { toastFailure } from '@/lib/toastFailure';
import { toaster } from '@/lib/toaster';
import { DELIVERY_STATUS, EVENT_LABELS, eventsSummary } from '@/features/webhooks/labels';
import { EndpointStatus } from '@/features/webhooks/components/EndpointStatus';
import { EndpointDeliveries } from './EndpointDeliveries';
import { SecretOnce, WebhookEndpointDialog } from './WebhookEndpointDialog';

type Endpoint = WebhookEndpointFieldsFragment;

export type WebhooksPanelProps = {
  /** The organisation; the viewer's own when absent (for a SuperAdmin, the provider's own, for every organisation). */
  organizationId?: string;
  /** Inside another page (an organisation tab, Privacy & Setting): its heading is a section's (h2). */
  embedded?: boolean;
  /** The provider's own endpoints (Platform Settings), told of every organisation's changes. */
  platform?: boolean;
};

/** Which endpoint's deliveries are shown, in the address, so a link opens them and Back returns to the list. */
const endpointParam = parseAsString.withOptions({ history: 'push' });

/** Something done to an endpoint that asks first. */
type Asking = { kind: 'delete' | 'rotate' | 'pause'; endpoint: Endpoint };

/**
 * Webhook endpoints (Standard Webhooks): the addresses an organisation's other systems receive its
 * changes at, or the provider's own for every organisation. Each can be added (its signing secret
 * shown once), changed, sent a test event, paused and resumed, given a new secret (the old one
 * works a day more) or deleted, and its deliveries read, redelivered and their bodies opened.
 */
export function WebhooksPanel({ organizationId, embedded = false, platform = false }: WebhooksPanelProps) {
  const [shownId, setShownId] = useQueryState('endpoint', endpointParam);
  const query = useWebhookEndpointsQuery({ variables: { organizationId }, notifyOnNetworkStatusChange: true });
  const endpoints = query.data?.webhookEndpoints;
  const [editing, setEditing] = useState<Endpoint | 'new' | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const refetch = { refetchQueries: [WebhookEndpointsDocument], awaitRefetchQueries: true };
  const [remove] = useWebhookEndpointDeleteMutation(refetch);
  const [rotate] = useWebhookSecretRotateMutation();
  const [pause] = useWebhookEndpointPauseMutation();
  const [sendTest] = useWebhookTestSendMutation();

  const shown = shownId ? endpoints?.find((endpoint) => endpoint.id === shownId) : undefined;
  const description = platform
    ? 'Addresses of the provider’s own systems, told of every organization’s changes as they happen: each event is a signed POST request (Standard Webhooks), retried for a day when it is not taken.'
    : 'Addresses of the organization’s other systems, told of its changes as they happen: each event is a signed POST request (Standard Webhooks), retried for a day when it is not taken.';

  async function setPaused(endpoint: Endpoint, paused: boolean) {
    const answer = (await pause({ variables: { id: endpoint.id, paused } })).data?.setWebhookEndpointPaused;
    if (answer?.errors[0]) throw new Error(errorMessage(answer.errors[0]));
    toaster.success({ title: paused ? 'Endpoint paused: its events wait for it' : 'Endpoint resumed: what waited is being delivered' });
  }

  async function test(endpoint: Endpoint) {
    try {
      const answer = (await sendTest({ variables: { id: endpoint.id } })).data?.sendWebhookTestEvent;
      if (answer?.errors[0]) throw new Error(errorMessage(answer.errors[0]));
      toaster.success({ title: 'Test event queued', description: `It goes to ${endpoint.url} behind what waits for it.` });
      void query.refetch().catch(() => undefined);
    } catch (failure) {
      toastFailure('The test event was not sent', failure);
    }
  }

  async function confirm({ kind, endpoint }: Asking) {
    if (kind === 'delete') {
      const answer = (await remove({ variables: { id: endpoint.id } })).data?.deleteWebhookEndpoint;
      if (answer?.errors[0]) throw new Error(errorMessage(answer.errors[0]));
      toaster.success({ title: 'Endpoint deleted' });
    } else if (kind === 'rotate') {
      const answer = (await rotate({ variables: { id: endpoint.id } })).data?.rotateWebhookSecret;
      if (answer?.errors[0]) throw new Error(errorMessage(answer.errors[0]));
      if (answer?.secret) setSecret({ url: endpoint.url, secret: answer.secret });
    } else {
      await setPaused(endpoint, true);
    }
  }

  const actionsOf = (endpoint: Endpoint): Action[] => [
    { value: 'edit', label: 'Change', icon: <LuPencil aria-hidden /> },
    { value: 'test', label: 'Send test event', icon: <LuSend aria-hidden /> },
    endpoint.status === 'PAUSED'
      ? { value: 'resume', label: 'Resume', icon: <LuPlay aria-hidden /> }
      : { value: 'pause', label: 'Pause', icon: <LuPause aria-hidden /> },
    { value: 'rotate', label: 'Rotate secret', icon: <LuRotateCw aria-hidden /> },
    { value: 'delete', label: 'Delete', icon: <LuTrash2 aria-hidden />, destructive: true },
  ];

  function act(endpoint: Endpoint, action: string) {
    if (action === 'edit') setEditing(endpoint);
    else if (action === 'test') void test(endpoint);
    else if (action === 'resume')
      void setPaused(endpoint, false).catch((failure: unknown) => toastFailure('The endpoint was not resumed', failure));
    else if (action === 'pause' || action === 'rotate' || action === 'delete') setAsking({ kind: action, endpoint });
  }

  return (
    <SettingsPanel
      title="Webhooks"
      description={description}
      embedded={embedded}
      testId="webhooks-panel"
      loaded={Boolean(endpoints)}
      loading={query.loading}
      error={query.error}
      onRetry={() => void query.refetch().catch(() => undefined)}
    >
      {shownId && endpoints ? (
        shown ? (
          <EndpointDeliveries
            endpoint={shown}
            onBack={() => void setShownId(null)}
            onTest={() => void test(shown)}
            onResume={() => void setPaused(shown, false).catch((failure: unknown) => toastFailure('The endpoint was not resumed', failure))}
            onChanged={() => void query.refetch().catch(() => undefined)}
          />
        ) : (
          <Stack gap="3" align="start" data-testid="webhook-endpoint-gone">
            <Text>This endpoint no longer exists; it may have been deleted.</Text>
            <Button variant="outline" size="sm" onClick={() => void setShownId(null)}>
              All endpoints
            </Button>
          </Stack>
        )
      ) : (
        <Stack gap="4">
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Text color="fg.muted" fontSize="sm">
              {endpoints?.length === 1 ? 'One endpoint' : `${endpoints?.length ?? 0} endpoints`}
            </Text>
            <Button colorPalette="brand" size="sm" onClick={() => setEditing('new')} data-testid="webhook-add">
              <LuPlus aria-hidden /> Add endpoint
            </Button>
          </Flex>
          {endpoints?.length === 0 && (
            <Box borderWidth="1px" borderStyle="dashed" borderRadius="md" p="6" data-testid="webhooks-empty">
              <Text fontWeight="medium">No endpoints yet</Text>
              <Text color="fg.muted" fontSize="sm">
                Add the address of a system that should hear of people, groups, licences and settings as they change.
              </Text>
            </Box>
          )}
          {endpoints?.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              actions={<EndpointActions endpoint={endpoint} items={actionsOf(endpoint)} onAction={(action) => act(endpoint, action)} />}
              onOpen={() => void setShownId(endpoint.id)}
            />
          ))}
        </Stack>
      )}
      {editing && (
        <WebhookEndpointDialog
          organizationId={organizationId}
          endpoint={editing === 'new' ? undefined : editing}
          onSaved={() => void query.refetch().catch(() => undefined)}
          onClose={() => setEditing(null)}
        />
      )}
      {asking && (
        <ConfirmDialog
          open
          title={
            asking.kind === 'delete'
              ? 'Delete this endpoint?'
              : asking.kind === 'rotate'
                ? 'Give this endpoint a new secret?'
                : 'Pause this endpoint?'
          }
          confirmLabel={asking.kind === 'delete' ? 'Delete endpoint' : asking.kind === 'rotate' ? 'Rotate secret' : 'Pause endpoint'}
          destructive={asking.kind === 'delete'}
          onConfirm={() => confirm(asking)}
          onClose={() => setAsking(null)}
          testId={`webhook-${asking.kind}-confirm`}
        >
          {asking.kind === 'delete' ? (
            <Text>
              Events stop going to <Code wordBreak="break-all">{asking.endpoint.url}</Code> at once, and its deliveries, waiting ones too,
              are deleted with it.
            </Text>
          ) : asking.kind === 'rotate' ? (
            <Text>
              A new signing secret is made and shown once. The old one keeps signing every delivery beside the new one for 24 hours more, so
              the receiver can switch to the new one without missing an event.
            </Text>
          ) : (
            <Text>
              Its events wait, in order, until it is resumed; nothing is lost. Events that have waited are delivered when you resume it.
            </Text>
          )}
        </ConfirmDialog>
      )}
      {secret && (
        <SecretOnce
          title="Copy the new signing secret"
          url={secret.url}
          secret={secret.secret}
          note="The old secret still signs every delivery for 24 hours, so the receiver can switch without missing any."
          onClose={() => {
            setSecret(null);
            void query.refetch().catch(() => undefined);
          }}
        />
      )}
    </SettingsPanel>
  );
}

type Action = { value: string; label: string; icon: ReactElement; destructive?: boolean };

/** What can be done to an endpoint, in a menu named for it, so its card stays narrow on a phone. */
function EndpointActions({
  endpoint,
  items,
  onAction,
}: {
  endpoint: Endpoint;
  items: readonly Action[];
  onAction: (value: string) => void;
}) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(details) => onAction(details.value)}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={`Actions for ${endpoint.url}`} data-testid="webhook-actions">
          <LuEllipsis />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            {items.map((item) => (
              <Menu.Item
                key={item.value}
                value={item.value}
                color={item.destructive ? 'fg.error' : undefined}
                data-testid={`webhook-${item.value}`}
              >
                {item.icon}
                {item.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** One endpoint: its address and purpose, whether it is sent its events, which ones, and its last delivery. */
function EndpointCard({ endpoint, actions, onOpen }: { endpoint: Endpoint; actions: ReactNode; onOpen: () => void }) {
  const last = endpoint.lastDeliveryStatus ? DELIVERY_STATUS[endpoint.lastDeliveryStatus] : null;
  return (
    <Card.Root as="article" size="sm" variant="outline" data-testid="webhook-endpoint" aria-label={endpoint.url}>
      <Card.Body gap="3">
        <Flex justify="space-between" align="start" gap="3">
          <Stack gap="1" minW="0">
            <Text fontWeight="semibold" fontFamily="mono" fontSize="sm" wordBreak="break-all" data-testid="webhook-endpoint-url">
              {endpoint.url}
            </Text>
            {endpoint.description && (
              <Text fontSize="sm" color="fg.muted">
                {endpoint.description}
              </Text>
            )}
          </Stack>
          {actions}
        </Flex>
        <HStack gap="2" wrap="wrap">
          <EndpointStatus endpoint={endpoint} />
          <Badge
            variant="outline"
            title={endpoint.events?.map((event) => EVENT_LABELS[event]).join(', ')}
            data-testid="webhook-endpoint-events"
          >
            {eventsSummary(endpoint.events)}
          </Badge>
          {endpoint.previousSecretExpiresAt && (
            <Badge variant="subtle" colorPalette="purple">
              Old secret works until {formatDateTime(endpoint.previousSecretExpiresAt)}
            </Badge>
          )}
        </HStack>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Text fontSize="sm" color="fg.muted" data-testid="webhook-endpoint-last">
            {endpoint.lastDeliveryAt && last
              ? `Last delivery ${formatDateTime(endpoint.lastDeliveryAt)}: ${last.label}${endpoint.lastResponseStatus ? ` (answered ${endpoint.lastResponseStatus})` : ''}`
              : 'No delivery yet'}
            {endpoint.waitingDeliveries > 0 &&
              ` · ${endpoint.waitingDeliveries === 1 ? 'one event waits' : `${endpoint.waitingDeliveries} events wait`}`}
          </Text>
          <Button size="sm" variant="outline" onClick={onOpen} aria-label={`Deliveries of ${endpoint.url}`} data-testid="webhook-open">
            Deliveries
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
