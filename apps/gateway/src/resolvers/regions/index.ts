import { REGION_REST_FIELDS, toRestFields } from '@yozy/shared';
import type { RegionRecord } from '#datasources/types';
import type { RegionFilter, RegionSortField, Resolvers } from '#generated/graphql';
import { namingFields } from '#errors';
import { superAdmin, withUserErrors } from '#guards';
import { listPage, type ListSpec } from '#lists';
import { readRestFields } from '#resolvers/restFields';

const FIELDS = REGION_REST_FIELDS;

const REGION_LIST: ListSpec<RegionFilter, RegionSortField> = {
  search: [FIELDS.code, FIELDS.name],
  filter: { active: [FIELDS.active, 'eq'] },
  sort: { NAME: FIELDS.name, CODE: FIELDS.code },
  defaultSort: { field: 'NAME', direction: 'ASC' },
};

export const regionResolvers: Resolvers = {
  Query: {
    regions: superAdmin((_parent, args, ctx) =>
      listPage(args, REGION_LIST, (params) => ctx.dataSources.platform.listRegions(params).catch(namingFields(FIELDS))),
    ),
  },
  Mutation: {
    createRegion: superAdmin(
      withUserErrors(FIELDS, { region: null })(async (_parent, { input }, ctx) => ({
        region: await ctx.dataSources.platform.createRegion(toRestFields(FIELDS, input)),
      })),
    ),
    renameRegion: superAdmin(
      withUserErrors(FIELDS, { region: null })(async (_parent, { input: { id, name } }, ctx) => ({
        region: await ctx.dataSources.platform.updateRegion(id, { [FIELDS.name]: name }),
      })),
    ),
    setRegionActive: superAdmin(
      withUserErrors(FIELDS, { region: null })(async (_parent, { input: { id, active } }, ctx) => ({
        region: await ctx.dataSources.platform.updateRegion(id, { [FIELDS.active]: active }),
      })),
    ),
    deleteRegion: superAdmin(
      withUserErrors(FIELDS, { deletedId: null })(async (_parent, { input: { id } }, ctx) => {
        await ctx.dataSources.platform.deleteRegion(id);
        return { deletedId: id };
      }),
    ),
  },
  Region: {
    ...readRestFields<RegionRecord>()(FIELDS),
    id: (region) => String(region.RegionId),
  },
};
