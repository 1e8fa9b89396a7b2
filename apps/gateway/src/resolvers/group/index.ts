import { GROUP_MEMBER_REST_FIELDS, GROUP_MEMBERS_REST_FIELDS, GROUP_REST_FIELDS, toRestFields } from '@yozy/shared';
import type { GroupCandidateRecord, GroupMemberRecord, GroupRecord } from '#datasources/types';
import type { GroupMemberSortField, GroupSortField, Resolvers } from '#generated/graphql';
import { admin, organizationScoped, withUserErrors } from '#guards';
import { listPage, type ListSpec } from '#lists';
import { readRestFields } from '#resolvers/restFields';

const FIELDS = GROUP_REST_FIELDS;
const PEOPLE = GROUP_MEMBER_REST_FIELDS;

const GROUP_LIST: ListSpec<Record<never, never>, GroupSortField> = {
  search: [FIELDS.name, FIELDS.description],
  filter: {},
  sort: { NAME: FIELDS.name, CREATED_AT: FIELDS.createdAt },
  defaultSort: { field: 'NAME', direction: 'ASC' },
};

const MEMBER_LIST: ListSpec<Record<never, never>, GroupMemberSortField> = {
  search: [PEOPLE.firstName, PEOPLE.lastName, PEOPLE.email],
  filter: {},
  sort: { NAME: PEOPLE.firstName },
  defaultSort: { field: 'NAME', direction: 'ASC' },
};

/** The REST field names of the group inputs, so a refusal names the input's field. */
const GROUP_INPUT_FIELDS = { id: FIELDS.id, organizationId: FIELDS.organizationId, name: FIELDS.name, description: FIELDS.description };

/** A page of one of the group's lists: the REST service checks that the group is the caller's to see. */
const ofGroup = (groupId: string) => (params: URLSearchParams) => {
  params.set(PEOPLE.groupId, `eq.${groupId}`);
  return params;
};

export const groupResolvers: Resolvers = {
  Query: {
    groups: organizationScoped(async (_parent, args, ctx) => {
      const organizationId = args.organizationId ?? String((await ctx.viewer())!.ClientId);
      return listPage(args, GROUP_LIST, (params) => {
        params.set(FIELDS.organizationId, `eq.${organizationId}`);
        return ctx.dataSources.group.listGroups(params);
      });
    }),
    groupMembers: admin((_parent, args, ctx) =>
      listPage(args, MEMBER_LIST, (params) => ctx.dataSources.group.listGroupMembers(ofGroup(args.groupId)(params))),
    ),
    groupMemberCandidates: admin((_parent, args, ctx) =>
      listPage(args, MEMBER_LIST, (params) => ctx.dataSources.group.listGroupCandidates(ofGroup(args.groupId)(params))),
    ),
  },
  Mutation: {
    createGroup: organizationScoped(
      withUserErrors(GROUP_INPUT_FIELDS, { group: null })(async (_parent, { input }, ctx) => ({
        group: await ctx.dataSources.group.createGroup(toRestFields(GROUP_INPUT_FIELDS, input)),
      })),
    ),
    updateGroup: admin(
      withUserErrors(GROUP_INPUT_FIELDS, { group: null })(async (_parent, { input }, ctx) => ({
        // An omitted description clears it, as an emptied field does.
        group: await ctx.dataSources.group.updateGroup(toRestFields(GROUP_INPUT_FIELDS, { description: null, ...input })),
      })),
    ),
    deleteGroup: admin(
      withUserErrors(GROUP_INPUT_FIELDS, { deletedGroupId: null })(async (_parent, { input }, ctx) => {
        const { GroupId } = await ctx.dataSources.group.deleteGroup(toRestFields(GROUP_INPUT_FIELDS, input));
        return { deletedGroupId: String(GroupId) };
      }),
    ),
    addGroupMembers: admin(
      withUserErrors(GROUP_MEMBERS_REST_FIELDS, { group: null })(async (_parent, { input }, ctx) => ({
        group: await ctx.dataSources.group.addGroupMembers(toRestFields(GROUP_MEMBERS_REST_FIELDS, input)),
      })),
    ),
    removeGroupMembers: admin(
      withUserErrors(GROUP_MEMBERS_REST_FIELDS, { group: null })(async (_parent, { input }, ctx) => ({
        group: await ctx.dataSources.group.removeGroupMembers(toRestFields(GROUP_MEMBERS_REST_FIELDS, input)),
      })),
    ),
  },
  Group: {
    ...readRestFields<GroupRecord>()({
      name: FIELDS.name,
      description: FIELDS.description,
      memberCount: FIELDS.memberCount,
      createdAt: FIELDS.createdAt,
    }),
    id: (group) => String(group.GroupId),
    organizationId: (group) => String(group.ClientId),
  },
  GroupMember: {
    ...readRestFields<GroupMemberRecord>()({ firstName: PEOPLE.firstName, lastName: PEOPLE.lastName, email: PEOPLE.email }),
    id: (member) => String(member.UserId),
    isActive: (member) => member.IsActive,
    addedAt: (member) => member.AddedAt,
  },
  GroupCandidate: {
    ...readRestFields<GroupCandidateRecord>()({ firstName: PEOPLE.firstName, lastName: PEOPLE.lastName, email: PEOPLE.email }),
    id: (person) => String(person.UserId),
    isMember: (person) => person.IsMember,
  },
};
