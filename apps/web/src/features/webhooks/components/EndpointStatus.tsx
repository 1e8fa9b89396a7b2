import { Badge } from '@chakra-ui/react';
import type { WebhookEndpointFieldsFragment } from '@/generated/graphql';
import { formatDateTime } from '@/lib/dates';

/** Active, or paused and why. */
export function EndpointStatus({ endpoint }: { endpoint: WebhookEndpointFieldsFragment }) {
  if (endpoint.status === 'ACTIVE') {
    return (
      <Badge colorPalette="green" variant="subtle" data-testid="webhook-endpoint-status">
        Active
      </Badge>
    );
  }
  return (
    <Badge colorPalette={endpoint.pauseReason === 'FAILING' ? 'red' : 'gray'} variant="subtle" data-testid="webhook-endpoint-status">
      {endpoint.pauseReason === 'FAILING' ? 'Paused: failing for a day' : 'Paused'}
      {endpoint.pausedAt ? ` since ${formatDateTime(endpoint.pausedAt)}` : ''}
    </Badge>
  );
}
