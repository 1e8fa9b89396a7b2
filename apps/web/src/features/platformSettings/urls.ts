export const platformSettingsPath = '/platformsettings';

/** The sections of Platform Settings, each a tab at its own address. */
export const PLATFORM_SECTIONS = [
  { slug: 'plans', label: 'Plans' },
  { slug: 'products', label: 'Products' },
  { slug: 'roles', label: 'Roles' },
  { slug: 'regions', label: 'Regions' },
  { slug: 'business-verticals', label: 'Business verticals' },
  { slug: 'client-types', label: 'Client types' },
  { slug: 'administrators', label: 'Administrators' },
  { slug: 'api-keys', label: 'API keys' },
  { slug: 'email', label: 'Email' },
  { slug: 'outbox', label: 'Outbox' },
  { slug: 'webhooks', label: 'Webhooks' },
  { slug: 'audit', label: 'Audit log' },
] as const;
export type PlatformSectionSlug = (typeof PLATFORM_SECTIONS)[number]['slug'];
export const platformSectionRoute = `${platformSettingsPath}/:section`;

/** A section of Platform Settings, e.g. `/platformsettings/plans`. */
export const platformSectionPath = (slug: PlatformSectionSlug) => `${platformSettingsPath}/${slug}`;

export function findPlatformSection(slug: string | undefined) {
  return PLATFORM_SECTIONS.find((section) => section.slug === slug);
}
