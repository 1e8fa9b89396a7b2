import { naming, SubscriptionService, type OrganizationNamed, type Without } from './SubscriptionService';
import type { AsGiven, RestBodyOf } from './types';

const SETTINGS = '/subscription_org_settings';
const EMAIL = '/subscription_email_settings';
const TEMPLATES = '/subscription_email_templates';
const SSO = '/subscription_sso_settings';
const PROVISIONING = '/provisioning_settings';
const PROVISIONING_TOKENS = '/provisioning_tokens';
const DOMAINS = '/organization_domains';

/** An organisation's settings: the caller's own organisation's unless one is named. */
export class SettingsApi extends SubscriptionService {
  getSettings(organizationId: OrganizationNamed) {
    return this.call('get', SETTINGS, { params: naming(organizationId) });
  }

  updateSettings(
    organizationId: OrganizationNamed,
    settings: Without<AsGiven<RestBodyOf<'updateOrganizationSettings'>, 'RequiresApproval' | 'SessionIdleMinutes'>>,
  ) {
    return this.call('patch', SETTINGS, { body: { ...settings, ...naming(organizationId) } });
  }

  getEmailSettings(organizationId: OrganizationNamed) {
    return this.call('get', EMAIL, { params: naming(organizationId) });
  }

  updateEmailSettings(organizationId: OrganizationNamed, settings: Without<RestBodyOf<'updateEmailSettings'>>) {
    return this.call('patch', EMAIL, { body: { ...settings, ...naming(organizationId) } });
  }

  sendTestMail(organizationId: OrganizationNamed) {
    return this.call('post', `${EMAIL}/test`, { body: naming(organizationId) });
  }

  updateEmailTemplate(organizationId: OrganizationNamed, wording: Without<RestBodyOf<'updateEmailTemplate'>>) {
    return this.call('patch', TEMPLATES, { body: { ...wording, ...naming(organizationId) } });
  }

  resetEmailTemplate(organizationId: OrganizationNamed, template: RestBodyOf<'resetEmailTemplate'>['Template']) {
    return this.call('post', `${TEMPLATES}/reset`, { body: { Template: template, ...naming(organizationId) } });
  }

  previewEmail(organizationId: OrganizationNamed, wording: Without<RestBodyOf<'previewEmailTemplate'>>) {
    return this.call('post', `${TEMPLATES}/preview`, { body: { ...wording, ...naming(organizationId) } });
  }

  getSsoSettings(organizationId: OrganizationNamed) {
    return this.call('get', SSO, { params: naming(organizationId) });
  }

  updateSsoSettings(organizationId: OrganizationNamed, settings: Without<RestBodyOf<'updateSsoSettings'>>) {
    return this.call('patch', SSO, { body: { ...settings, ...naming(organizationId) } });
  }

  /** Verifies a domain the organisation claims through its DNS TXT record. */
  verifySsoDomain(organizationId: OrganizationNamed, domain: string) {
    return this.call('post', `${SSO}/domains/verify`, { body: { Domain: domain, ...naming(organizationId) } });
  }

  /** A SuperAdmin vouches for a domain the organisation claims. */
  confirmSsoDomain(organizationId: string, domain: string) {
    return this.call('post', `${SSO}/domains/confirm`, { body: { Domain: domain, ...naming(organizationId) } });
  }

  discoverSso(organizationId: OrganizationNamed, issuer: string) {
    return this.call('post', `${SSO}/discover`, { body: { Issuer: issuer, ...naming(organizationId) } });
  }

  getProvisioning(organizationId: OrganizationNamed) {
    return this.call('get', PROVISIONING, { params: naming(organizationId) });
  }

  updateProvisioning(organizationId: OrganizationNamed, settings: Without<RestBodyOf<'updateProvisioningSettings'>>) {
    return this.call('patch', PROVISIONING, { body: { ...settings, ...naming(organizationId) } });
  }

  /** A new SCIM token: answered this once. */
  createProvisioningToken(organizationId: string, name: string) {
    return this.call('post', PROVISIONING_TOKENS, { body: { Name: name, ...naming(organizationId) } });
  }

  revokeProvisioningToken(organizationId: string, tokenId: string) {
    return this.call('delete', PROVISIONING_TOKENS, { params: { TokenId: tokenId, ...naming(organizationId) } });
  }

  getDomains(organizationId: OrganizationNamed) {
    return this.call('get', DOMAINS, { params: naming(organizationId) });
  }

  addDomain(organizationId: OrganizationNamed, domain: string) {
    return this.call('post', DOMAINS, { body: { Domain: domain, ...naming(organizationId) } });
  }

  removeDomain(organizationId: OrganizationNamed, domain: string) {
    return this.call('delete', DOMAINS, { params: { Domain: domain, ...naming(organizationId) } });
  }

  /** Verifies a domain the organisation claims through its DNS TXT record. */
  verifyDomain(organizationId: OrganizationNamed, domain: string) {
    return this.call('post', `${DOMAINS}/verify`, { body: { Domain: domain, ...naming(organizationId) } });
  }

  /** A SuperAdmin vouches for a domain the organisation claims. */
  confirmDomain(organizationId: string, domain: string) {
    return this.call('post', `${DOMAINS}/confirm`, { body: { Domain: domain, ...naming(organizationId) } });
  }
}
