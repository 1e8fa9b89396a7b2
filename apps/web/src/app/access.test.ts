import type { TypeOfUser } from '@yozy/shared';
import { describe, expect, it } from 'vitest';
import { landingAfterSignIn, resolveAccess } from './access';

type Row = [path: string, kind: TypeOfUser | null, expected: string | null];

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

  // SuperAdmin: level-3 entries (and what lies under them), else /EnquireDetails.
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

  // OrgAdmin: level-1 entries, else /dashboard.
  ['/dashboard', 'OrgAdmin', null],
  ['/UserManagement', 'OrgAdmin', null],
  ['/GroupManagement', 'OrgAdmin', null],
  ['/subscriptionDetails', 'OrgAdmin', null],
  ['/OrgUserSessions.js', 'OrgAdmin', null],
  ['/OrgUserSessions', 'OrgAdmin', '/dashboard'],
  ['/Statistics', 'OrgAdmin', null],
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

  // Ordinary user: routed like an OrgAdmin (the screen is the administrators-only notice).
  ['/dashboard', 'User', null],
  ['/TwoFactor', 'User', null],
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
    expect(resolveAccess(path, kind)).toBe(expected);
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
  ] as const)('requested %s as %s -> %s', (requested, kind, expected) => {
    expect(landingAfterSignIn(requested, kind)).toBe(expected);
  });
});
