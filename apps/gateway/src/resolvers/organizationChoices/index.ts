import { ORGANIZATION_CHOICE_REST_FIELDS, type OrganizationChoiceList as RestList } from '@yozy/shared';
import type { OrganizationChoiceRecord } from '#datasources/types';
import type { OrganizationChoiceFilter, OrganizationChoiceList, OrganizationChoiceSortField, Resolvers } from '#generated/graphql';
import { namingFields } from '#errors';
import { superAdmin, superAdminInPerson, withUserErrors } from '#guards';
import { listPage, type ListSpec } from '#lists';
import { readRestFields } from '#resolvers/restFields';

const FIELDS = ORGANIZATION_CHOICE_REST_FIELDS;

/** Each list of the schema, as the REST service names it (the organisation field it fills). */
const REST_LISTS = { BUSINESS_VERTICAL: 'BusinessVertical', CLIENT_TYPE: 'ClientType' } as const satisfies Record<
  OrganizationChoiceList,
  RestList
>;
const LISTS_BY_REST = Object.fromEntries(Object.entries(REST_LISTS).map(([list, rest]) => [rest, list])) as Record<
  RestList,
  OrganizationChoiceList
>;

const CHOICE_LIST: ListSpec<OrganizationChoiceFilter, OrganizationChoiceSortField> = {
  search: [FIELDS.name],
  filter: { active: [FIELDS.active, 'eq'] },
  sort: { NAME: FIELDS.name },
  defaultSort: { field: 'NAME', direction: 'ASC' },
};

/** The lists are Platform Settings: kept by the provider's SuperAdmins in person, never by a tool's key. */
export const organizationChoiceResolvers: Resolvers = {
  Query: {
    organizationChoices: superAdminInPerson((_parent, { list, ...args }, ctx) =>
      listPage(args, CHOICE_LIST, (params) =>
        ctx.dataSources.platform.listOrganizationChoices(REST_LISTS[list], params).catch(namingFields(FIELDS)),
      ),
    ),
    // Public: the sign-up form offers them.
    offeredOrganizationChoices: async (_parent, _args, ctx) => {
      const rows = await ctx.dataSources.catalogue.listOfferedOrganizationChoices();
      const named = (list: RestList) => rows.filter((row) => row.ChoiceList === list).map((row) => row.ChoiceName);
      return { businessVerticals: named('BusinessVertical'), clientTypes: named('ClientType') };
    },
    organizationValuesInUse: superAdmin(async (_parent, _args, ctx) => {
      const values = await ctx.dataSources.organization.listValuesInUse();
      return {
        countryCodes: values.CountryCodes,
        currencyCodes: values.CurrencyCodes,
        businessVerticals: values.BusinessVerticals,
        clientTypes: values.ClientTypes,
      };
    }),
  },
  Mutation: {
    createOrganizationChoice: superAdminInPerson(
      withUserErrors(FIELDS, { organizationChoice: null })(async (_parent, { input: { list, name } }, ctx) => ({
        organizationChoice: await ctx.dataSources.platform.createOrganizationChoice({
          [FIELDS.list]: REST_LISTS[list],
          [FIELDS.name]: name,
        }),
      })),
    ),
    renameOrganizationChoice: superAdminInPerson(
      withUserErrors(FIELDS, { organizationChoice: null })(async (_parent, { input: { id, name } }, ctx) => ({
        organizationChoice: await ctx.dataSources.platform.updateOrganizationChoice(id, { [FIELDS.name]: name }),
      })),
    ),
    setOrganizationChoiceActive: superAdminInPerson(
      withUserErrors(FIELDS, { organizationChoice: null })(async (_parent, { input: { id, active } }, ctx) => ({
        organizationChoice: await ctx.dataSources.platform.updateOrganizationChoice(id, { [FIELDS.active]: active }),
      })),
    ),
    deleteOrganizationChoice: superAdminInPerson(
      withUserErrors(FIELDS, { deletedId: null })(async (_parent, { input: { id } }, ctx) => {
        await ctx.dataSources.platform.deleteOrganizationChoice(id);
        return { deletedId: id };
      }),
    ),
  },
  OrganizationChoice: {
    ...readRestFields<OrganizationChoiceRecord>()(FIELDS),
    id: (choice) => String(choice.ChoiceId),
    list: (choice) => LISTS_BY_REST[choice.ChoiceList as RestList],
  },
};
