import { ORGANIZATION_TABS } from '@yozy/shared';

export const organizationListPath = '/OrganizationDetails';

/** Above every organisation's page; without an id it leads back to the list. */
export const organizationDetailPath = `${organizationListPath}/Organization`;
/** One organisation: `/OrganizationDetails/Organization/{clientId}`, which opens its first tab. */
export const organizationRoute = `${organizationDetailPath}/:clientId`;
export const organizationTabRoute = `${organizationRoute}/:tab`;

export type OrganizationTab = (typeof ORGANIZATION_TABS)[number];
export type OrganizationTabSlug = OrganizationTab['path'] extends `/${infer Slug}` ? Slug : never;

/** The slug as it appears in the URL: 'info', 'Subscription', … */
export const tabSlug = (tab: OrganizationTab) => tab.path.slice(1) as OrganizationTabSlug;

export const ORGANIZATION_TAB_SLUGS: readonly OrganizationTabSlug[] = ORGANIZATION_TABS.map(tabSlug);

/** A tab of one organisation, e.g. `/OrganizationDetails/Organization/42/user`. */
export const organizationTabPath = (clientId: string, slug: OrganizationTabSlug = 'info') =>
  `${organizationDetailPath}/${encodeURIComponent(clientId)}/${slug}`;

export function findOrganizationTab(slug: string | undefined): OrganizationTab | undefined {
  return ORGANIZATION_TABS.find((tab) => tabSlug(tab) === slug);
}

/** Organisation ids are whole numbers; anything else cannot name one (and is not asked for). */
export function isOrganizationId(clientId: string | undefined): clientId is string {
  return clientId !== undefined && /^[1-9]\d{0,8}$/.test(clientId);
}
