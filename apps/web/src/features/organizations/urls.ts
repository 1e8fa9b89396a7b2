import { ORGANIZATION_TABS } from '@yozy/shared';
import { defineList, listHref, type ListLink } from '../../lib/listState';

export const organizationListPath = '/OrganizationDetails';

/** The organisation list's sort keys (URL key → the schema's sort field) and filters. */
export const organizationList = defineList({
  sortFields: { name: 'COMPANY_NAME', onboarded: 'DATE_ONBOARDED' },
  defaultSort: { key: 'name', direction: 'ASC' },
  filters: {},
});

/** The organisation list, optionally searched, sorted or on a given page. */
export const organizationListUrl = (link: ListLink<typeof organizationList> = {}) => listHref(organizationListPath, organizationList, link);

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
