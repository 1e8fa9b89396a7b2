/** The menu route table of SPEC section 2. */

/**
 * The kinds of user in the specification's spelling, keyed by the names of the GraphQL enum
 * `TypeOfUser`. The gateway gives this object to GraphQL as the enum's internal values, so its
 * resolvers return 'SuperAdmin' and the wire carries SUPER_ADMIN, with no table of its own.
 */
export const TYPE_OF_USER = { SUPER_ADMIN: 'SuperAdmin', ORG_ADMIN: 'OrgAdmin', USER: 'User' } as const;
export type TypeOfUser = (typeof TYPE_OF_USER)[keyof typeof TYPE_OF_USER];

export type MenuEntry<Path extends string = string> = {
  path: Path;
  name: string;
  /** Menu levels that show the entry: 1 for organisation admins, 3 for the provider's SuperAdmins. */
  levels: readonly (1 | 3)[];
};

// Written as it is, so that its paths make the type `MenuPath`.
const ENTRIES = [
  { path: '/dashboard', name: 'Dashboard', levels: [1] },
  { path: '/UserManagement', name: 'User Management', levels: [1] },
  { path: '/GroupManagement', name: 'Groups', levels: [1] },
  { path: '/subscriptionDetails', name: 'Subscription Details', levels: [1] },
  { path: '/OrgUserSessions.js', name: 'User Sessions', levels: [1] },
  { path: '/Statistics', name: 'Statistics', levels: [1] },
  // Not in the specification's menu: who changed what in the organisation, after its numbers.
  { path: '/AuditLog', name: 'Audit Log', levels: [1] },
  { path: '/TwoFactor', name: 'Privacy & Setting', levels: [1, 3] },
  { path: '/EnquireDetails', name: 'Enquiry/Signup Forms', levels: [3] },
  { path: '/OrganizationDetails', name: 'Organization List', levels: [3] },
  { path: '/platformsettings', name: 'Platform Settings', levels: [3] },
] as const satisfies readonly MenuEntry[];

/** A path of the menu: a table keyed by it (the console's menu icons) fails to compile when a path is renamed. */
export type MenuPath = (typeof ENTRIES)[number]['path'];

export const MENU: readonly MenuEntry<MenuPath>[] = ENTRIES;

/** Tabs of the organisation detail master route, under /OrganizationDetails/Organization. */
export const ORGANIZATION_TABS = [
  { path: '/info', name: 'Organization Information' },
  { path: '/Subscription', name: 'Subscription Details' },
  { path: '/user', name: 'User Details' },
  { path: '/group', name: 'Group Details' },
  { path: '/sso', name: 'Single Sign On Settings' },
  { path: '/Statistics', name: 'Statistics' },
  { path: '/SettingDetails', name: 'Setting Details' },
  { path: '/UserSessions', name: 'User Sessions' },
  { path: '/emailsettings', name: 'Email settings' },
] as const;

export function menuLevel(typeOfUser: TypeOfUser): 1 | 3 {
  return typeOfUser === 'SuperAdmin' ? 3 : 1;
}

/** Entries a kind of user sees. Ordinary users get none: the console is for administrators. */
export function menuFor(typeOfUser: TypeOfUser): MenuEntry[] {
  if (typeOfUser === 'User') return [];
  const level = menuLevel(typeOfUser);
  return MENU.filter((entry) => entry.levels.includes(level));
}

export function landingPathFor(typeOfUser: TypeOfUser): string {
  return typeOfUser === 'SuperAdmin' ? '/EnquireDetails' : '/dashboard';
}
