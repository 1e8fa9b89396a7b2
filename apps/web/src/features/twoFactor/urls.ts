export const twoFactorPath = '/TwoFactor';

/** The tabs of Privacy & Setting, each at its own address; the menu's address opens the first. */
export const PRIVACY_SECTIONS = [
  { slug: 'account', label: 'My account' },
  { slug: 'organization', label: 'Organization' },
  { slug: 'webhooks', label: 'Webhooks' },
] as const;
export type PrivacySectionSlug = (typeof PRIVACY_SECTIONS)[number]['slug'];
export const privacySectionRoute = `${twoFactorPath}/:section`;

/** A tab of Privacy & Setting, e.g. `/TwoFactor/account`. */
export const privacySectionPath = (slug: PrivacySectionSlug) => `${twoFactorPath}/${slug}`;

/** The person's own password, two-factor sign-in and sessions. */
export const myAccountPath = privacySectionPath('account');

export function findPrivacySection(slug: string | undefined) {
  return PRIVACY_SECTIONS.find((section) => section.slug === slug);
}
