import { naming, SubscriptionService, type OrganizationNamed, type Without } from './SubscriptionService';
import type { AsGiven, RestBodyOf } from './types';

const SETTINGS = '/subscription_org_settings';
const EMAIL = '/subscription_email_settings';
const TEMPLATES = '/subscription_email_templates';
const SSO = '/subscription_sso_settings';

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
}
