import { naming, SubscriptionService, type OrganizationNamed, type Without } from './SubscriptionService';
import type { AsGiven, RestBodyOf } from './types';

/** An organisation's settings: the caller's own organisation's unless one is named. */
export class SettingsApi extends SubscriptionService {
  getSettings(organizationId: OrganizationNamed) {
    return this.op('getOrganizationSettings', { params: naming(organizationId) });
  }

  updateSettings(
    organizationId: OrganizationNamed,
    settings: Without<AsGiven<RestBodyOf<'updateOrganizationSettings'>, 'RequiresApproval' | 'SessionIdleMinutes'>>,
  ) {
    return this.op('updateOrganizationSettings', { body: { ...settings, ...naming(organizationId) } });
  }

  getEmailSettings(organizationId: OrganizationNamed) {
    return this.op('getEmailSettings', { params: naming(organizationId) });
  }

  updateEmailSettings(organizationId: OrganizationNamed, settings: Without<RestBodyOf<'updateEmailSettings'>>) {
    return this.op('updateEmailSettings', { body: { ...settings, ...naming(organizationId) } });
  }

  sendTestMail(organizationId: OrganizationNamed) {
    return this.op('sendTestMail', { body: naming(organizationId) });
  }

  updateEmailTemplate(organizationId: OrganizationNamed, wording: Without<RestBodyOf<'updateEmailTemplate'>>) {
    return this.op('updateEmailTemplate', { body: { ...wording, ...naming(organizationId) } });
  }

  resetEmailTemplate(organizationId: OrganizationNamed, template: RestBodyOf<'resetEmailTemplate'>['Template']) {
    return this.op('resetEmailTemplate', { body: { Template: template, ...naming(organizationId) } });
  }

  previewEmail(organizationId: OrganizationNamed, wording: Without<RestBodyOf<'previewEmailTemplate'>>) {
    return this.op('previewEmailTemplate', { body: { ...wording, ...naming(organizationId) } });
  }

  getSsoSettings(organizationId: OrganizationNamed) {
    return this.op('getSsoSettings', { params: naming(organizationId) });
  }

  updateSsoSettings(organizationId: OrganizationNamed, settings: Without<RestBodyOf<'updateSsoSettings'>>) {
    return this.op('updateSsoSettings', { body: { ...settings, ...naming(organizationId) } });
  }

  /** Verifies a domain the organisation claims through its DNS TXT record. */
  verifySsoDomain(organizationId: OrganizationNamed, domain: string) {
    return this.op('verifySsoDomain', { body: { Domain: domain, ...naming(organizationId) } });
  }

  /** A SuperAdmin vouches for a domain the organisation claims. */
  confirmSsoDomain(organizationId: string, domain: string) {
    return this.op('confirmSsoDomain', { body: { Domain: domain, ...naming(organizationId) } });
  }

  discoverSso(organizationId: OrganizationNamed, issuer: string) {
    return this.op('discoverSsoIssuer', { body: { Issuer: issuer, ...naming(organizationId) } });
  }

  getProvisioning(organizationId: OrganizationNamed) {
    return this.op('getProvisioningSettings', { params: naming(organizationId) });
  }

  updateProvisioning(organizationId: OrganizationNamed, settings: Without<RestBodyOf<'updateProvisioningSettings'>>) {
    return this.op('updateProvisioningSettings', { body: { ...settings, ...naming(organizationId) } });
  }

  /** A new SCIM token: answered this once. */
  createProvisioningToken(organizationId: string, name: string) {
    return this.op('createProvisioningToken', { body: { Name: name, ...naming(organizationId) } });
  }

  revokeProvisioningToken(organizationId: string, tokenId: string) {
    return this.op('revokeProvisioningToken', { params: { TokenId: tokenId, ...naming(organizationId) } });
  }

  getDomains(organizationId: OrganizationNamed) {
    return this.op('listOrganizationDomains', { params: naming(organizationId) });
  }

  addDomain(organizationId: OrganizationNamed, domain: string) {
    return this.op('addOrganizationDomain', { body: { Domain: domain, ...naming(organizationId) } });
  }

  removeDomain(organizationId: OrganizationNamed, domain: string) {
    return this.op('removeOrganizationDomain', { params: { Domain: domain, ...naming(organizationId) } });
  }

  /** Verifies a domain the organisation claims through its DNS TXT record. */
  verifyDomain(organizationId: OrganizationNamed, domain: string) {
    return this.op('verifyOrganizationDomain', { body: { Domain: domain, ...naming(organizationId) } });
  }

  /** A SuperAdmin vouches for a domain the organisation claims. */
  confirmDomain(organizationId: string, domain: string) {
    return this.op('confirmOrganizationDomain', { body: { Domain: domain, ...naming(organizationId) } });
  }
}
