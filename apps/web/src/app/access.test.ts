import { describe, expect, it } from 'vitest';
import { landingAfterSignIn, resolveAccess, type ViewerAccess } from './access';

// What the gateway answers in viewer { menu landingPath } for each kind of viewer.
const entries = (...paths: string[]) => paths.map((path) => ({ path }));
const VIEWERS = {
  SuperAdmin: {
    menu: entries('/TwoFactor', '/EnquireDetails', '/OrganizationDetails', '/platformsettings'),
    landingPath: '/EnquireDetails',
  },
  OrgAdmin: {
    menu: entries(
      '/dashboard',
      '/UserManagement',
      '/GroupManagement',
      '/subscriptionDetails',
      '/OrgUserSessions.js',
      '/Statistics',
      '/AuditLog',
      '/TwoFactor',
    ),
    landingPath: '/dashboard',
  },
  // An ordinary member has no menu; their landing page shows that the console is for administrators.
  User: { menu: [], landingPath: '/dashboard' },
} satisfies Record<string, ViewerAccess>;

type Kind = keyof typeof VIEWERS;
type Row = [path: string, kind: Kind | null, expected: string | null];

// null means the viewer stays on the path.
const table: Row[] = [
  // Signed out: public paths stay, everything else goes to /login.
  ['/login', null, null],
  ['/signup', null, null],
  ['/forgotpassword', null, null],
  ['/forgotpassword/abc123/ann%40acme.local', null, null],
  ['/setpassword/ann%40acme.local/Ann/Lee', null, null],
  ['/', null, '/login'],
  ['/dashboard', null, '/login'],
  ['/EnquireDetails', null, '/login'],
  ['/OrganizationDetails/Organization/42/info', null, '/login'],
  ['/no-such-page', null, '/login'],

  // SuperAdmin: their menu entries (and what lies under them), else their landing page.
  ['/EnquireDetails', 'SuperAdmin', null],
  ['/OrganizationDetails', 'SuperAdmin', null],
  ['/OrganizationDetails/Organization', 'SuperAdmin', null],
  ['/OrganizationDetails/Organization/42', 'SuperAdmin', null],
  ['/OrganizationDetails/Organization/42/info', 'SuperAdmin', null],
  ['/OrganizationDetails/Organization/42/emailsettings', 'SuperAdmin', null],
  ['/OrganizationDetails/Organization/42/user?page=2&sort=-email', 'SuperAdmin', null],
  ['/platformsettings', 'SuperAdmin', null],
  ['/TwoFactor', 'SuperAdmin', null],
  ['/login', 'SuperAdmin', '/EnquireDetails'],
  ['/signup', 'SuperAdmin', '/EnquireDetails'],
  ['/forgotpassword/abc123/ann%40acme.local', 'SuperAdmin', '/EnquireDetails'],
  ['/setpassword/ann%40acme.local/Ann/Lee', 'SuperAdmin', '/EnquireDetails'],
  ['/', 'SuperAdmin', '/EnquireDetails'],
  ['/dashboard', 'SuperAdmin', '/EnquireDetails'],
  ['/UserManagement', 'SuperAdmin', '/EnquireDetails'],
  ['/OrgUserSessions.js', 'SuperAdmin', '/EnquireDetails'],
  ['/OrganizationDetailsX', 'SuperAdmin', '/EnquireDetails'],
  ['/no-such-page', 'SuperAdmin', '/EnquireDetails'],

  // OrgAdmin: their menu entries, else /dashboard.
  ['/dashboard', 'OrgAdmin', null],
  ['/UserManagement', 'OrgAdmin', null],
  ['/GroupManagement', 'OrgAdmin', null],
  ['/subscriptionDetails', 'OrgAdmin', null],
  ['/OrgUserSessions.js', 'OrgAdmin', null],
  ['/OrgUserSessions', 'OrgAdmin', '/dashboard'],
  ['/Statistics', 'OrgAdmin', null],
  ['/AuditLog', 'OrgAdmin', null],
  ['/AuditLog', 'SuperAdmin', '/EnquireDetails'],
  ['/TwoFactor', 'OrgAdmin', null],
  ['/dashboard/', 'OrgAdmin', null],
  ['/UserManagement?status=DISABLED&page=2', 'OrgAdmin', null],
  ['/UserManagement/?q=ann#top', 'OrgAdmin', null],
  ['/EnquireDetails?page=2', 'OrgAdmin', '/dashboard'],
  ['/login', 'OrgAdmin', '/dashboard'],
  ['/signup', 'OrgAdmin', '/dashboard'],
  ['/forgotpassword', 'OrgAdmin', '/dashboard'],
  ['/', 'OrgAdmin', '/dashboard'],
  ['/EnquireDetails', 'OrgAdmin', '/dashboard'],
  ['/OrganizationDetails/Organization/42/info', 'OrgAdmin', '/dashboard'],
  ['/OrganizationDetails/Organization/42', 'OrgAdmin', '/dashboard'],
  ['/platformsettings', 'OrgAdmin', '/dashboard'],
  ['/no-such-page', 'OrgAdmin', '/dashboard'],

  // Ordinary member: only the landing page, which tells them the console is for administrators.
  ['/dashboard', 'User', null],
  ['/dashboard/', 'User', null],
  ['/TwoFactor', 'User', '/dashboard'],
  ['/UserManagement', 'User', '/dashboard'],
  ['/login', 'User', '/dashboard'],
  ['/signup', 'User', '/dashboard'],
  ['/setpassword/ann%40acme.local/Ann/Lee', 'User', '/dashboard'],
  ['/', 'User', '/dashboard'],
  ['/EnquireDetails', 'User', '/dashboard'],
  ['/OrganizationDetails/Organization/42/info', 'User', '/dashboard'],
  ['/no-such-page', 'User', '/dashboard'],
];

describe('resolveAccess', () => {
  it.each(table)('%s as %s -> %s', (path, kind, expected) => {
    expect(resolveAccess(path, kind ? VIEWERS[kind] : null)).toBe(expected);
  });

  it("follows the gateway's menu, not a table of its own", () => {
    const viewer = { menu: entries('/Statistics'), landingPath: '/Statistics' };
    expect(resolveAccess('/Statistics', viewer)).toBeNull();
    expect(resolveAccess('/dashboard', viewer)).toBe('/Statistics');
  });
});

describe('landingAfterSignIn', () => {
  it.each([
    [undefined, 'OrgAdmin', '/dashboard'],
    ['/UserManagement', 'OrgAdmin', '/UserManagement'],
    // A shared link to a list keeps its page, sort, search and filters through the sign-in.
    ['/UserManagement?status=DISABLED&page=2', 'OrgAdmin', '/UserManagement?status=DISABLED&page=2'],
    ['/EnquireDetails?page=2', 'OrgAdmin', '/dashboard'],
    ['/EnquireDetails', 'OrgAdmin', '/dashboard'],
    ['/OrganizationDetails/Organization/42/user', 'SuperAdmin', '/OrganizationDetails/Organization/42/user'],
    ['/OrganizationDetails/Organization/42/user', 'OrgAdmin', '/dashboard'],
    ['/login', 'SuperAdmin', '/EnquireDetails'],
    ['/UserManagement', 'User', '/dashboard'],
  ] as const)('requested %s as %s -> %s', (requested, kind, expected) => {
    expect(landingAfterSignIn(requested, VIEWERS[kind])).toBe(expected);
  });
});
