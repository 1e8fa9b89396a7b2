import { afterAll, beforeAll, expect } from 'vitest';
import { FACTORY_PASSWORD, factories } from '../../support/factories';
import { type GraphQLSession, signedIn } from '../../support/graphql';
import type { DatabaseKind } from '../../support/stack';
import { useStack } from '../../support/useStack';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../../support/webhookReceiver';

/*
 * Webhooks end to end: endpoints registered through /graphql, real changes made through /graphql,
 * and a receiver on loopback that verifies every delivery with the `standardwebhooks` library,
 * as an organisation's system would. The queue runs with a day of tries shortened to two seconds.
 */

export const QUEUE = { pollMs: 50, retryFirstMs: 150, retryMaxMs: 300, retryForMs: 2_000, expiryCheckMs: 200, requestTimeoutMs: 2_000 };

export const CREATE = /* GraphQL */ `
  mutation ($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      endpoint {
        id
        url
        events
        status
        everyOrganization
        organizationName
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
export const ENDPOINTS = /* GraphQL */ `
  query ($organizationId: ID) {
    webhookEndpoints(organizationId: $organizationId) {
      id
      url
      status
      pauseReason
      waitingDeliveries
      lastDeliveryStatus
      lastResponseStatus
      previousSecretExpiresAt
    }
  }
`;
export const DELIVERIES = /* GraphQL */ `
  query ($endpointId: ID!, $filter: WebhookDeliveryFilter) {
    webhookDeliveries(endpointId: $endpointId, filter: $filter, page: { limit: 100 }) {
      totalCount
      nodes {
        id
        eventType
        messageId
        status
        attempts
        responseStatus
        error
        nextAttemptAt
        lastAttemptAt
        createdAt
      }
    }
  }
`;
export const BODY = 'query ($id: ID!) { webhookDeliveryBody(id: $id) { id payload } }';
export const PAUSE = /* GraphQL */ `
  mutation ($id: ID!, $paused: Boolean!) {
    setWebhookEndpointPaused(id: $id, paused: $paused) {
      endpoint {
        id
        status
        pauseReason
      }
      errors {
        code
        field
        message
      }
    }
  }
`;
export const ROTATE =
  'mutation ($id: ID!) { rotateWebhookSecret(id: $id) { endpoint { id previousSecretExpiresAt } secret errors { code } } }';
export const TEST_EVENT = 'mutation ($id: ID!) { sendWebhookTestEvent(id: $id) { delivery { id eventType status } errors { code } } }';
export const REDELIVER =
  'mutation ($deliveryId: ID!) { redeliverWebhook(deliveryId: $deliveryId) { delivery { id eventType status messageId } errors { code field message } } }';
export const CREATE_GROUP = 'mutation ($input: CreateGroupInput!) { createGroup(input: $input) { group { id } errors { code message } } }';
export const INVITE = 'mutation ($input: InviteUserInput!) { inviteUser(input: $input) { user { id } errors { code field message } } }';
export const SET_ACTIVE =
  'mutation ($input: SetUsersActiveInput!) { setUsersActive(input: $input) { users { id status } errors { code message } } }';
export const SET_ROLE = 'mutation ($input: SetUserRoleInput!) { setUserRole(input: $input) { user { id } errors { code message } } }';
export const SET_ADMIN = 'mutation ($input: SetUserAdminInput!) { setUserAdmin(input: $input) { user { id } errors { code message } } }';
export const DECIDE =
  'mutation ($input: DecideUserApprovalInput!) { decideUserApproval(input: $input) { users { id } errors { code message } } }';
export const SETTINGS =
  'mutation ($input: OrganizationSettingsInput!) { updateOrganizationSettings(input: $input) { settings { sessionIdleMinutes } errors { code message } } }';
export const ADD_LICENCE = 'mutation ($input: AddLicenceInput!) { addLicence(input: $input) { licence { id } errors { code message } } }';
export const EXTEND_LICENCE =
  'mutation ($input: ExtendLicenceInput!) { extendLicence(input: $input) { licence { id } errors { code message } } }';
export const PRODUCTS = '{ products { id name plans { id } } }';
export const SUBMIT_ENQUIRY =
  'mutation ($input: SubmitEnquiryInput!) { submitEnquiry(input: $input) { enquiryId errors { code field message } } }';
export const APPROVE =
  'mutation ($input: ApproveEnquiryInput!) { approveEnquiry(input: $input) { organization { id } errors { code message } } }';
export const REJECT = 'mutation ($input: RejectEnquiryInput!) { rejectEnquiry(input: $input) { enquiry { id } errors { code message } } }';

export type Endpoint = {
  id: string;
  url: string;
  events: string[] | null;
  status: string;
  everyOrganization: boolean;
  organizationName: string;
};
export type Delivery = {
  id: string;
  eventType: string;
  messageId: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  nextAttemptAt: string | null;
};

/** The answer's data, or a failure that shows what went wrong (errors in the answer or in the payload). */
export async function ok<T>(session: GraphQLSession, document: string, variables: Record<string, unknown> = {}): Promise<T> {
  const answer = await session.request<T>(document, variables);
  if (answer.errors?.length) throw new Error(`${document.slice(0, 60)}: ${JSON.stringify(answer.errors)}`);
  const payload = Object.values(answer.data as Record<string, { errors?: unknown[] }>)[0];
  if (payload && Array.isArray(payload.errors) && payload.errors.length)
    throw new Error(`${document.slice(0, 60)}: ${JSON.stringify(payload.errors)}`);
  return answer.data!;
}

/**
 * The stack of a webhooks file on one kind of database, its queue running with the short day of
 * `QUEUE`; a receiver on loopback; the provider's SuperAdmin signed in; and the tests' helpers.
 */
export function useWebhooks(kind: DatabaseKind) {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver?.close());
  const stack = useStack(kind, { webhooks: QUEUE });

  let provider: GraphQLSession;
  beforeAll(async () => {
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
  });

  /** A fresh organisation with its admin signed in, a plan of `capacity` seats licensed, and a role on it. */
  async function organisation(capacity = 10) {
    const make = factories(stack.db);
    const { organisation: org, admin } = await make.organisationWithAdmin();
    const plan = await make.plan({ capacity });
    await make.licence(org, { plan });
    const holder = await make.user(org);
    const role = await make.role(holder, plan);
    const session = await signedIn(stack.gatewayUrl, admin.email, FACTORY_PASSWORD);
    return { org, admin, plan, role, holder, session, make };
  }

  /** Registers an endpoint on the receiver at `path`, verified with the secret it was given. */
  async function register(session: GraphQLSession, path: string, input: Record<string, unknown> = {}) {
    const { createWebhookEndpoint } = await ok<{ createWebhookEndpoint: { endpoint: Endpoint; secret: string } }>(session, CREATE, {
      input: { url: receiver.url(path), ...input },
    });
    receiver.verifyWith(path, createWebhookEndpoint.secret);
    return createWebhookEndpoint;
  }

  const deliveriesOf = async (session: GraphQLSession, endpointId: string, filter?: Record<string, unknown>) =>
    (await ok<{ webhookDeliveries: { nodes: Delivery[] } }>(session, DELIVERIES, { endpointId, filter })).webhookDeliveries.nodes;

  /** Waits until `path` got a delivery of each of `types` more than it had, and answers those. */
  async function expectNext(path: string, types: string[], since: number): Promise<ReceivedWebhook[]> {
    const all = await receiver.waitFor(path, (got) => got.length >= since + types.length);
    // A moment for anything that should not come to come.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const fresh = receiver.receivedAt(path).slice(since);
    expect(fresh.map((one) => one.type)).toEqual(types);
    return all.slice(since, since + types.length);
  }

  return {
    stack,
    get receiver() {
      return receiver;
    },
    get provider() {
      return provider;
    },
    organisation,
    register,
    deliveriesOf,
    expectNext,
  };
}
