import { ORGANIZATION_TABS } from '@yozy/shared';

export const organizationListPath = '/OrganizationDetails';

/** The organisation detail master route; its tabs hang under it. */
export const organizationDetailPath = `${organizationListPath}/Organization`;
export const organizationTabRoute = `${organizationDetailPath}/:tab`;

export type OrganizationTab = (typeof ORGANIZATION_TABS)[number];
export type OrganizationTabSlug = OrganizationTab['path'] extends `/${infer Slug}` ? Slug : never;

/** The slug as it appears in the URL: 'info', 'Subscription', … */
export const tabSlug = (tab: OrganizationTab) => tab.path.slice(1) as OrganizationTabSlug;

export const organizationTabPath = (slug: OrganizationTabSlug) => `${organizationDetailPath}/${slug}`;

export function findOrganizationTab(slug: string | undefined): OrganizationTab | undefined {
  return ORGANIZATION_TABS.find((tab) => tabSlug(tab) === slug);
}
