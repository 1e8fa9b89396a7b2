import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab } from '../support/browser';
import { FACTORY_PASSWORD, factories, unique } from '../support/factories';
import { signedIn, type GraphQLSession } from '../support/graphql';
import { useStack } from '../support/useStack';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';

type Mode = 'light' | 'dark';

const CREATE_GROUP = 'mutation ($input: CreateGroupInput!) { createGroup(input: $input) { group { id } errors { code } } }';

describe('webhooks in the browser', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver?.close());
  // The queue as the service runs it, with a day of tries shortened to two seconds.
  const stack = useStack('pglite', { webhooks: { pollMs: 50, retryFirstMs: 150, retryMaxMs: 300, retryForMs: 2_000 } });
  const browser = useBrowser();
  const tab = useTab(browser, () => stack.gatewayUrl);

  /** A fresh organisation and its admin, signed in through GraphQL and handed the file's tab. */
  async function organisationAdmin(mode: Mode, width: number) {
    const { organisation, admin } = await factories(stack.db).organisationWithAdmin();
    const session = await signedIn(stack.gatewayUrl, admin.email, FACTORY_PASSWORD);
    return { organisation, admin, session, page: await pageOf(session, mode, width) };
  }

  /** The file's tab, handed to the person of `session`. */
  function pageOf(session: GraphQLSession, mode: Mode, width: number): Promise<Page> {
    return tab({ mode, width, session });
  }

  /** Adds an endpoint for `path` on the receiver through the dialog, choosing `events` (every event when none), and answers its secret. */
  async function addEndpoint(page: Page, path: string, events: string[] = []): Promise<string> {
    await page.getByTestId('webhook-add').click();
    const dialog = page.getByTestId('webhook-dialog');
    await dialog.getByTestId('webhook-url').fill(receiver.url(path));
    await dialog.getByTestId('webhook-description').fill('The HR system');
    if (events.length) {
      await dialog.getByText('Every event', { exact: true }).click();
      for (const label of events) await dialog.getByText(label, { exact: true }).click();
    }
    await page.getByTestId('webhook-save').click();
    const secret = await page.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    receiver.verifyWith(path, secret);
    return secret;
  }

  const card = (page: Page) => page.getByTestId('webhook-endpoint');
  const rows = (page: Page) => page.getByTestId('webhook-deliveries-table').getByRole('row');

  it('an organisation admin adds an endpoint (its secret shown once), sees its deliveries and their bodies, tests, rotates, pauses and deletes it', async () => {
    const { page, session } = await organisationAdmin('light', 1280);
    await page.goto('/TwoFactor/webhooks');
    await page.getByTestId('webhooks-empty').waitFor();
    expect(await page.getByTestId('privacy-tabs').getByRole('tab', { name: 'Webhooks' }).getAttribute('aria-selected')).toBe('true');

    // A plain-text address that is not one: the field says why, and what was typed stays.
    await page.getByTestId('webhook-add').click();
    await page.getByTestId('webhook-url').fill('hooks.example.com');
    await page.getByTestId('webhook-save').click();
    await page.getByTestId('webhook-url-error').waitFor();
    expect(await page.getByTestId('webhook-url').inputValue()).toBe('hooks.example.com');
    await page.getByTestId('webhook-dialog').getByRole('button', { name: 'Cancel' }).click();

    const secret = await addEndpoint(page, '/browser', ['A group changed', 'A person was invited']);
    expect(await page.getByTestId('webhook-secret-dialog').innerText()).toContain('only time the secret is shown');
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `webhooks-secret-1280.png`);
    await page.getByTestId('webhook-secret-done').click();
    await expect.poll(() => card(page).innerText()).toMatch(/The HR system[\s\S]*Active\s+2 events[\s\S]*No delivery yet/);
    expect(await card(page).innerText()).not.toContain(secret);

    // A change of the organisation reaches the receiver, and the console shows it delivered.
    const { createGroup } = (
      await session.request<{ createGroup: { group: { id: string } } }>(CREATE_GROUP, { input: { name: unique('Hooked') } })
    ).data!;
    const [delivered] = await receiver.waitFor('/browser', (all) => all.length === 1);
    expect(delivered).toMatchObject({ type: 'group.changed', data: { groupId: createGroup.group.id }, verifiedWith: [true] });
    await page.getByTestId('webhook-open').click();
    await expect.poll(() => rows(page).nth(1).innerText()).toMatch(/A group changed\s+Delivered\s+200\s+1\s+/);
    await page.getByTestId('webhook-delivery-open').first().click();
    const body = page.getByTestId('webhook-body-payload');
    await expect.poll(() => body.innerText()).toContain('"type": "group.changed"');
    expect(JSON.parse(await body.innerText())).toEqual(JSON.parse(delivered!.body));
    expect(await page.getByTestId('webhook-body').innerText()).toContain(delivered!.id);
    await page.getByTestId('webhook-body').getByRole('button', { name: 'Close' }).first().click();

    // Send test event: a new row, delivered.
    await page.getByTestId('webhook-test').click();
    await receiver.waitFor('/browser', (all) => all.some((one) => one.type === 'webhook.test'));
    await page.getByTestId('webhook-refresh').click();
    await expect.poll(() => rows(page).nth(1).innerText()).toMatch(/Test event\s+Delivered\s+200/);

    // Redeliver the group's event: the same webhook-id again.
    await rows(page).nth(2).getByTestId('webhook-redeliver').click();
    const again = await receiver.waitFor('/browser', (all) => all.filter((one) => one.id === delivered!.id).length === 2);
    expect(again.at(-1)!.verifiedWith).toEqual([true]);
    await screenshot(page, `webhooks-deliveries-1280.png`, { fullPage: true });

    // Rotate the secret: the confirmation says the old one works a day more; the new one is shown once; both sign.
    await page.getByTestId('webhook-back').click();
    await card(page).waitFor();
    await page.getByTestId('webhook-actions').click();
    await page.getByTestId('webhook-rotate').click();
    expect(await page.getByTestId('webhook-rotate-confirm').innerText()).toContain('24 hours more');
    await page.getByTestId('webhook-rotate-confirm-confirm').click();
    const rotated = await page.getByTestId('webhook-secret').inputValue();
    expect(rotated).not.toBe(secret);
    await page.getByTestId('webhook-secret-done').click();
    await expect.poll(() => card(page).innerText()).toContain('Old secret works until');
    receiver.verifyWith('/browser', secret, rotated);
    await session.request(CREATE_GROUP, { input: { name: unique('After rotation') } });
    const [latest] = (await receiver.waitFor('/browser', (all) => all.at(-1)!.data.change === 'CREATED' && all.length >= 4)).slice(-1);
    expect(latest!.verifiedWith).toEqual([true, true]);

    // Pause after asking: events wait; resume: they come.
    await page.getByTestId('webhook-actions').click();
    await page.getByTestId('webhook-pause').click();
    expect(await page.getByTestId('webhook-pause-confirm').innerText()).toContain('nothing is lost');
    await page.getByTestId('webhook-pause-confirm-confirm').click();
    await expect.poll(() => page.getByTestId('webhook-endpoint-status').innerText()).toMatch(/^Paused since /);
    const before = receiver.receivedAt('/browser').length;
    await session.request(CREATE_GROUP, { input: { name: unique('While paused') } });
    await page.reload();
    await expect.poll(() => card(page).innerText()).toContain('one event waits');
    expect(receiver.receivedAt('/browser')).toHaveLength(before);
    await page.getByTestId('webhook-actions').click();
    await page.getByTestId('webhook-resume').click();
    await receiver.waitFor('/browser', (all) => all.length === before + 1);
    await expect.poll(() => page.getByTestId('webhook-endpoint-status').innerText()).toBe('Active');

    // Delete after asking.
    await page.getByTestId('webhook-actions').click();
    await page.getByTestId('webhook-delete').click();
    expect(await page.getByTestId('webhook-delete-confirm').innerText()).toContain('waiting ones too');
    await page.getByTestId('webhook-delete-confirm-confirm').click();
    await page.getByTestId('webhooks-empty').waitFor();
  });

  it('shows an endpoint that failed for a day as paused; resumed and redelivered, the failed event arrives', async () => {
    const { page, session } = await organisationAdmin('light', 1280);
    receiver.answer('/failing', 500);
    await page.goto('/TwoFactor/webhooks');
    await page.getByTestId('webhooks-empty').waitFor();
    await addEndpoint(page, '/failing');
    await page.getByTestId('webhook-secret-done').click();
    await session.request(CREATE_GROUP, { input: { name: unique('Refused') } });
    await expect
      .poll(
        async () => {
          await page.reload();
          await card(page).waitFor();
          return page.getByTestId('webhook-endpoint-status').innerText();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toMatch(/^Paused: failing for a day since /);
    expect(await card(page).innerText()).toMatch(/Failed \(answered 500\)/);

    await page.getByTestId('webhook-open').click();
    await expect.poll(() => rows(page).nth(1).innerText()).toMatch(/A group changed\s+Failed\s+The endpoint answered 500\s+500\s+\d+/);
    receiver.answer('/failing', 200);
    await page.getByTestId('webhook-resume').click();
    await expect.poll(() => page.getByTestId('webhook-endpoint-status').innerText()).toBe('Active');
    await rows(page).nth(1).getByTestId('webhook-redeliver').click();
    await receiver.waitFor('/failing', (all) => all.at(-1)?.answered === 200);
    await page.getByTestId('webhook-refresh').click();
    await expect.poll(() => rows(page).nth(1).innerText()).toMatch(/A group changed\s+Delivered\s+200\s+1/);
  });

  it('the provider keeps its own endpoints in Platform Settings and an organisation’s in its Setting Details tab', async () => {
    const provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const page = await pageOf(provider, 'light', 1280);
    await page.goto('/platformsettings/webhooks');
    await page.getByTestId('webhooks-panel').waitFor();
    expect(await page.getByTestId('webhooks-panel').innerText()).toContain('every organization’s changes');
    await addEndpoint(page, '/provider', ['An organization was created']);
    await page.getByTestId('webhook-secret-done').click();
    await expect.poll(() => card(page).innerText()).toContain('An organization was created');

    const { organisation } = await factories(stack.db).organisationWithAdmin({ companyName: unique('Hooked Ltd') });
    await page.goto(`/OrganizationDetails/Organization/${organisation.clientId}/SettingDetails`);
    await page.getByTestId('webhooks-empty').waitFor();
    expect(await page.getByRole('tab', { name: 'Setting Details' }).getAttribute('aria-selected')).toBe('true');
    expect(await axeFindings(page)).toEqual([]);
    await addEndpoint(page, '/for-organisation');
    await page.getByTestId('webhook-secret-done').click();
    await card(page).waitFor();
    const [{ owner }] = (await stack.db.query<{ owner: number }>('SELECT client_id AS owner FROM webhook_endpoints WHERE url = $1', [
      receiver.url('/for-organisation'),
    ])) as [{ owner: number }];
    expect(owner).toBe(organisation.clientId);
  });

  it.each(['light', 'dark'] as const)(
    'has no axe violation in %s mode at 1280 and 390 px: the endpoints, the form and the deliveries',
    async (mode) => {
      for (const width of [1280, 390]) {
        const { page, session } = await organisationAdmin(mode, width);
        await page.goto('/TwoFactor/webhooks');
        await page.getByTestId('webhooks-empty').waitFor();
        expect(await axeFindings(page), `${mode} ${width} empty`).toEqual([]);
        await page.getByTestId('webhook-add').click();
        await page.getByTestId('webhook-dialog').getByText('Every event', { exact: true }).click();
        await page.getByTestId('webhook-events').waitFor();
        expect(await axeFindings(page), `${mode} ${width} form`).toEqual([]);
        await screenshot(page, `webhooks-form-${mode}-${width}.png`);
        await page.getByTestId('webhook-dialog').getByRole('button', { name: 'Cancel' }).click();
        await addEndpoint(page, `/axe-${mode}-${width}`);
        await page.getByTestId('webhook-secret-done').click();
        await session.request(CREATE_GROUP, { input: { name: unique('Seen') } });
        await receiver.waitFor(`/axe-${mode}-${width}`, (all) => all.length === 1);
        await page.reload();
        await expect.poll(() => card(page).innerText()).toContain('Delivered');
        expect(await axeFindings(page), `${mode} ${width} list`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${mode} ${width}`).toBe(width);
        await screenshot(page, `webhooks-${mode}-${width}.png`, { fullPage: true });
        await page.getByTestId('webhook-open').click();
        await expect.poll(() => rows(page).count()).toBe(2);
        expect(await axeFindings(page), `${mode} ${width} deliveries`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${mode} ${width} deliveries`).toBe(width);
        await screenshot(page, `webhooks-deliveries-${mode}-${width}.png`, { fullPage: true });
      }
    },
  );
});
