import { describe, expect, it } from 'vitest';
import { landingPathFor, menuFor } from './menu';

describe('menuFor', () => {
  it('gives a SuperAdmin the level-3 entries and Privacy & Setting', () => {
    expect(menuFor('SuperAdmin').map((e) => e.name)).toEqual([
      'Privacy & Setting',
      'Enquiry/Signup Forms',
      'Organization List',
      'Platform Settings',
    ]);
  });
  it('gives an OrgAdmin the level-1 entries', () => {
    expect(menuFor('OrgAdmin').map((e) => e.path)).toEqual([
      '/dashboard',
      '/UserManagement',
      '/GroupManagement',
      '/subscriptionDetails',
      '/OrgUserSessions.js',
      '/Statistics',
      '/AuditLog',
      '/TwoFactor',
    ]);
  });
  it('gives an ordinary user no menu', () => {
    expect(menuFor('User')).toEqual([]);
  });
  it('lands each kind of user on its page', () => {
    expect(landingPathFor('SuperAdmin')).toBe('/EnquireDetails');
    expect(landingPathFor('OrgAdmin')).toBe('/dashboard');
    expect(landingPathFor('User')).toBe('/dashboard');
  });
});
