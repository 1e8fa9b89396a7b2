import { SubscriptionService } from './SubscriptionService';
import type {
  SsoDiscoveryRecord,
  SsoSettingsRecord,
  EmailPreviewRecord,
  EmailSettingsRecord,
  EmailTestRecord,
  OrganizationSettingsRecord,
  RestBody,
} from './types';

const PATH = 'subscription_org_settings';
const EMAIL = 'subscription_email_settings';
const TEMPLATES = 'subscription_email_templates';
const SSO = 'subscription_sso_settings';

const naming = (organizationId: string | null | undefined) => (organizationId != null ? { ClientId: organizationId } : {});

/** An organisation's settings: the caller's own organisation's unless one is named. */
export class SettingsApi extends SubscriptionService {
  getSettings(organizationId: string | null | undefined): Promise<OrganizationSettingsRecord> {
    return this.get(PATH, { params: naming(organizationId) });
  }

  updateSettings(body: RestBody): Promise<OrganizationSettingsRecord> {
    return this.patch(PATH, { body });
  }

  getEmailSettings(organizationId: string | null | undefined): Promise<EmailSettingsRecord> {
    return this.get(EMAIL, { params: naming(organizationId) });
  }

  updateEmailSettings(organizationId: string | null | undefined, settings: RestBody): Promise<EmailSettingsRecord> {
    return this.patch(EMAIL, { body: { ...settings, ...naming(organizationId) } });
  }

  sendTestMail(organizationId: string | null | undefined): Promise<EmailTestRecord> {
    return this.post(`${EMAIL}/test`, { body: naming(organizationId) });
  }

  updateEmailTemplate(organizationId: string | null | undefined, wording: RestBody): Promise<EmailSettingsRecord> {
    return this.patch(TEMPLATES, { body: { ...wording, ...naming(organizationId) } });
  }

  resetEmailTemplate(organizationId: string | null | undefined, template: string): Promise<EmailSettingsRecord> {
    return this.post(`${TEMPLATES}/reset`, { body: { Template: template, ...naming(organizationId) } });
  }

  previewEmail(organizationId: string | null | undefined, wording: RestBody): Promise<EmailPreviewRecord> {
    return this.post(`${TEMPLATES}/preview`, { body: { ...wording, ...naming(organizationId) } });
  }

  getSsoSettings(organizationId: string | null | undefined): Promise<SsoSettingsRecord> {
    return this.get(SSO, { params: naming(organizationId) });
  }

  updateSsoSettings(organizationId: string | null | undefined, settings: RestBody): Promise<SsoSettingsRecord> {
    return this.patch(SSO, { body: { ...settings, ...naming(organizationId) } });
  }

  /** Verifies a domain the organisation claims through its DNS TXT record. */
  verifySsoDomain(organizationId: string | null | undefined, domain: string): Promise<SsoSettingsRecord> {
    return this.post(`${SSO}/domains/verify`, { body: { Domain: domain, ...naming(organizationId) } });
  }

  /** A SuperAdmin vouches for a domain the organisation claims. */
  confirmSsoDomain(organizationId: string, domain: string): Promise<SsoSettingsRecord> {
    return this.post(`${SSO}/domains/confirm`, { body: { Domain: domain, ...naming(organizationId) } });
  }

  discoverSso(organizationId: string | null | undefined, issuer: string): Promise<SsoDiscoveryRecord> {
    return this.post(`${SSO}/discover`, { body: { Issuer: issuer, ...naming(organizationId) } });
  }
}
