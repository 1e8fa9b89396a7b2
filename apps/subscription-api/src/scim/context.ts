import type { Response } from 'express';
import type { Database } from '#db/database';
import type { OrganisationScope } from '#domain/audited';
import type { Mailer } from '#mail/mailer';

/** Who is provisioning: a live token of an organisation whose provisioning is on, with its default role. */
export type Provisioner = {
  tokenId: number;
  tokenName: string;
  clientId: number;
  companyName: string;
  roleId: number;
  productId: number;
};

/** The scope of a provisioning write: the token's organisation, by nobody signed in (the audit log adds the token). */
export const provisioningScope = (provisioner: Provisioner): OrganisationScope => ({
  clientId: provisioner.clientId,
  actorUserId: null,
  ip: null,
});

/** What a SCIM handler works with. */
export type ScimServices = {
  db: Database;
  mailer: Mailer;
  dnsServers: string[];
};

export function provisionerOf(res: Response): Provisioner {
  return res.locals.provisioner as Provisioner;
}

/** The address resources are found at (their `meta.location`), as the gateway serves them. */
export function baseUrlOf(res: Response): string {
  return (res.locals.scimBaseUrl as string | undefined) ?? '/scim/v2';
}
