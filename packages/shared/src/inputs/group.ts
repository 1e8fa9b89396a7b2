import { z } from 'zod';
import type { FieldMap } from './fieldMap';
import { optionalText, recordId, requiredText } from './rules';

export const GROUP_NAME_MISSING_MESSAGE = 'Enter the group name';
export const GROUP_NAME_MAX = 100;
export const GROUP_DESCRIPTION_MAX = 500;
/** People added or removed in one go: a page of the picker, far below what a request may carry. */
export const MAX_GROUP_MEMBERS_PER_CHANGE = 100;

/** An assignment group's name and description, as the create and edit forms send them. */
export const groupInput = z.object({
  name: requiredText(GROUP_NAME_MISSING_MESSAGE, GROUP_NAME_MAX),
  description: optionalText(GROUP_DESCRIPTION_MAX),
});

export type GroupInput = z.input<typeof groupInput>;

/** The group's fields as the REST service names them. */
export const GROUP_REST_FIELDS = {
  id: 'GroupId',
  organizationId: 'ClientId',
  name: 'GroupName',
  description: 'Description',
  memberCount: 'MemberCount',
  createdAt: 'CreatedAt',
} as const satisfies FieldMap;

/** People to add to or take out of a group. */
export const groupMembersInput = z.object({
  groupId: recordId('Choose a group'),
  userIds: z
    .array(recordId('Choose people of the organization'), { error: 'Choose people of the organization' })
    .min(1, 'Choose at least one person')
    .max(MAX_GROUP_MEMBERS_PER_CHANGE, `Choose at most ${MAX_GROUP_MEMBERS_PER_CHANGE} people at a time`),
});

export const GROUP_MEMBERS_REST_FIELDS = { groupId: 'GroupId', userIds: 'UserIds' } as const satisfies FieldMap;

/** A member of a group (or a person who could become one), as the REST service names the fields. */
export const GROUP_MEMBER_REST_FIELDS = {
  groupId: 'GroupId',
  userId: 'UserId',
  firstName: 'UserFirstname',
  lastName: 'UserLastname',
  email: 'OfficialEmail',
} as const satisfies FieldMap;
