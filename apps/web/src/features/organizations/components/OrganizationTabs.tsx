import { ORGANIZATION_TABS } from '@yozy/shared';
import type { ReactNode } from 'react';
import { LinkTabs } from '@/components/LinkTabs';
import { organizationTabPath, tabSlug, type OrganizationTabSlug } from '@/features/organizations/urls';

type Props = { clientId: string; current: OrganizationTabSlug; children?: ReactNode };

/** The nine sections of one organisation, each at its own address. */
export function OrganizationTabs({ clientId, current, children }: Props) {
  const tabs = ORGANIZATION_TABS.map((tab) => ({ value: tabSlug(tab), label: tab.name, to: organizationTabPath(clientId, tabSlug(tab)) }));
  return (
    <LinkTabs label="Organization sections" tabs={tabs} value={current} testId="organization-tabs">
      {children}
    </LinkTabs>
  );
}
