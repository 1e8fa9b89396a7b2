import { describe, expect, it } from 'vitest';
import type { ClientUser } from '#datasources/types';
import type { Resolvers } from '#generated/graphql';
import { readRestFields } from './restFields';

describe('readRestFields', () => {
  it('reads each GraphQL field from the REST field its map names', () => {
    const fields = readRestFields<{ UserFirstname: string; OfficialEmail: string }>()({
      firstName: 'UserFirstname',
      email: 'OfficialEmail',
    });
    const row = { UserFirstname: 'Ada', OfficialEmail: 'ada@acme.local' };
    expect(fields.firstName(row)).toBe('Ada');
    expect(fields.email(row)).toBe('ada@acme.local');
  });

  it('is type-checked against the REST row and the GraphQL field', () => {
    const user: Resolvers['User'] = {
      ...readRestFields<ClientUser>()({ firstName: 'UserFirstname' }),
      // @ts-expect-error A REST field the row does not have (renamed in the REST contract) fails the type-check.
      ...readRestFields<ClientUser>()({ lastName: 'UserLastName' }),
    };
    // @ts-expect-error A REST field of another type than the GraphQL field's fails the type-check.
    const wrongType: Resolvers['User'] = {
      ...readRestFields<ClientUser>()({ isActive: 'UserFirstname' }),
    };
    expect(Object.keys({ ...user, ...wrongType })).toEqual(['firstName', 'lastName', 'isActive']);
  });
});
