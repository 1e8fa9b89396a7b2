import { describe, expect, it, vi } from 'vitest';
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from '#datasources/types';
import { restError } from '#errors';
import { CALLERS, execute, fakeContext } from '#testing/fakes';

const ENDPOINT: WebhookEndpointRecord = {
  EndpointId: 7,
  ClientId: 2,
  CompanyName: 'Acme Corporation',
  EveryOrganization: false,
  Url: 'https://hooks.acme.example/in',
  Description: null,
  Events: ['person.invited', 'seats.80_percent_used'],
  Status: 'ACTIVE',
  PauseReason: null,
  PausedAt: null,
  PreviousSecretUntil: null,
  Waiting: 0,
  LastDeliveryAt: null,
  LastDeliveryStatus: null,
  LastResponseStatus: null,
  CreatedAt: '2026-11-28T10:00:00+00:00',
  UpdatedAt: '2026-11-28T10:00:00+00:00',
};

const CREATE = /* GraphQL */ `
  mutation ($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      endpoint {
        id
        events
      }
      secret
      errors {
        code
        field
        message
      }
    }
  }
`;

const DELIVERIES = /* GraphQL */ `
  query ($endpointId: ID!, $filter: WebhookDeliveryFilter) {
    webhookDeliveries(endpointId: $endpointId, filter: $filter) {
      totalCount
      nodes {
        id
        eventType
        status
      }
    }
  }
`;

describe('webhooks', () => {
  it('sends the events in the REST service’s spelling and answers them in the schema’s, with the secret, to a person', async () => {
    const createEndpoint = vi.fn(async () => ({ Endpoint: ENDPOINT, Secret: 'whsec_c2VjcmV0' }));
    const answer = await execute(
      CREATE,
      { input: { url: ENDPOINT.Url, events: ['PERSON_INVITED', 'SEATS_80_PERCENT_USED'] } },
      fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { webhooks: { createEndpoint } } }),
    );
    expect(createEndpoint).toHaveBeenCalledWith({ Url: ENDPOINT.Url, Events: ['person.invited', 'seats.80_percent_used'] });
    expect(answer.data).toEqual({
      createWebhookEndpoint: {
        endpoint: { id: '7', events: ['PERSON_INVITED', 'SEATS_80_PERCENT_USED'] },
        secret: 'whsec_c2VjcmV0',
        errors: [],
      },
    });
  });

  it('refuses an API key a new endpoint before calling the REST service: its secret is for a person only', async () => {
    const createEndpoint = vi.fn();
    const answer = await execute(
      CREATE,
      { input: { url: ENDPOINT.Url } },
      fakeContext({ viewer: CALLERS.superAdmin, usesApiKey: true, sources: { webhooks: { createEndpoint } } }),
    );
    expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(createEndpoint).not.toHaveBeenCalled();
  });

  it('names the address when the REST service refuses it', async () => {
    const createEndpoint = vi.fn(() =>
      Promise.reject(restError(400, { code: 'BAD_REQUEST', message: 'Use an https:// address', field: 'Url' })),
    );
    const answer = await execute(
      CREATE,
      { input: { url: 'http://hooks.acme.example' } },
      fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { webhooks: { createEndpoint } } }),
    );
    expect(answer.data).toEqual({
      createWebhookEndpoint: {
        endpoint: null,
        secret: null,
        errors: [{ code: 'BAD_USER_INPUT', field: 'url', message: 'Use an https:// address' }],
      },
    });
  });

  it('asks for one endpoint’s deliveries, filtered by status and event, and names the test event', async () => {
    const rows: WebhookDeliveryRecord[] = [
      {
        DeliveryId: 3,
        EndpointId: 7,
        ClientId: 2,
        EventType: 'webhook.test',
        MessageId: 'msg_1',
        Status: 'SUCCEEDED',
        Attempts: 1,
        ResponseStatus: 204,
        Error: null,
        NextAttemptAt: null,
        LastAttemptAt: '2026-11-28T10:00:01+00:00',
        CreatedAt: '2026-11-28T10:00:00+00:00',
      },
    ];
    const listDeliveries = vi.fn(async (_params: URLSearchParams) => ({ rows, contentRange: '0-0/1' }));
    const answer = await execute(
      DELIVERIES,
      { endpointId: '7', filter: { status: 'SUCCEEDED', eventType: 'GROUP_CHANGED' } },
      fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { webhooks: { listDeliveries } } }),
    );
    const params = listDeliveries.mock.calls[0]![0];
    expect(params.get('EndpointId')).toBe('eq.7');
    expect(params.get('Status')).toBe('eq.SUCCEEDED');
    expect(params.get('EventType')).toBe('eq.group.changed');
    expect(answer.data).toEqual({
      webhookDeliveries: { totalCount: 1, nodes: [{ id: '3', eventType: 'WEBHOOK_TEST', status: 'SUCCEEDED' }] },
    });
  });
});
