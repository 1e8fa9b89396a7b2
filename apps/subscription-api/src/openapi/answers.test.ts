import { describe, expect, it } from 'vitest';
import type { Field } from '#http/resource';
import { planFields, productFields } from '#routes/catalogue';
import { clientFields } from '#domain/organizations';
import { openApiDocument } from '.';
import * as accounts from './testing/accounts';
import * as integrations from './testing/integrations';
import * as organizations from './testing/organizations';
import * as people from './testing/people';
import * as platform from './testing/platform';
import { api, paths, seen, useAnswersApi } from './testing/harness';

useAnswersApi();

// The checks run in this order on one database: some leave what a later one finds.
describe('the answers the OpenAPI document promises', () => {
  accounts.sessionCalls();
  accounts.signInHandoffs();
  accounts.signInActivity();
  organizations.lists();
  organizations.insights();
  accounts.accountFlows();
  platform.captchaAndEnquiries();
  organizations.groups();
  organizations.projects();
  organizations.licences();
  organizations.sessions();
  platform.regionsMaster();
  platform.organizationChoices();
  platform.roleMaster();
  platform.administrators();
  platform.apiKeys();
  platform.emailSettingsAndOutbox();
  integrations.provisioningAndDomains();
  integrations.webhooks();
  integrations.singleSignOn();
  organizations.organizationSettings();
  organizations.changingAnOrganization();
  organizations.auditLog();
  accounts.passwordChange();
  platform.planMaster();
  platform.productMaster();
  platform.enquiryDecisions();
  people.approvalOfNewPeople();
  people.userManagement();
  people.personPage();
  people.twoFactorResetAndRenewal();
  accounts.twoFactorSignIn();

  it('covered every success answer the document lists', () => {
    const successes = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        Object.keys(operation.responses)
          .filter((status) => status.startsWith('2'))
          .map((status) => `${method} ${path} ${status}`),
      ),
    );
    expect(successes.filter((answer) => !seen.has(answer))).toEqual([]);
  });
});

describe('the records of list resources', () => {
  const ALIASES: Record<string, string> = { c: 'clients', p: 'products', pl: 'plans' };

  it.each([
    ['Client', clientFields],
    ['Product', productFields],
    ['Plan', planFields],
  ] as const)('say a %s field may be null exactly when its column allows NULL', async (name, fields: Record<string, Field>) => {
    const documented = openApiDocument.components.schemas[name]!;
    for (const [field, { sql }] of Object.entries(fields)) {
      // Fields computed by a subquery are not columns: their nullability is the document's own.
      if (!/^\w+\.\w+$/.test(sql)) continue;
      const [alias = '', column] = sql.split('.');
      const [row] = await api.db.query<{ is_nullable: string }>(
        'SELECT is_nullable FROM information_schema.columns WHERE table_name = $1 AND column_name = $2',
        [ALIASES[alias], column],
      );
      const types = [documented.properties?.[field]].flatMap((schema) => (schema as { type?: string | string[] }).type ?? []);
      expect({ field, nullable: types.includes('null') }).toEqual({ field, nullable: row?.is_nullable === 'YES' });
    }
  });
});
