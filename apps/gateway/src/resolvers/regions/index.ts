import { REGION_REST_FIELDS, toRestFields } from '@yozy/shared';
import type { RegionRecord } from '../../datasources/types';
import type { RegionFilter, RegionSortField, Resolvers } from '../../generated/graphql';
import { namingFields, userErrorsOf } from '../../errors';
import { superAdmin } from '../../guards';
import { listPage, type ListSpec } from '../../lists';
import { readRestFields } from '../restFields';

const FIELDS = REGION_REST_FIELDS;

const REGION_LIST: ListSpec<RegionFilter, RegionSortField> = {
  search: [FIELDS.code, FIELDS.name],
  filter: { active: [FIELDS.active, 'eq'] },
  sort: { NAME: FIELDS.name, CODE: FIELDS.code },
  defaultSort: { field: 'NAME', direction: 'ASC' },
};

/** A refused change as the payload's errors, naming the input's fields; anything else is thrown. */
const refused = (error: unknown) => ({ region: null, errors: userErrorsOf(error, FIELDS) });

export const regionResolvers: Resolvers = {
  Query: {
    regions: superAdmin((_parent, args, ctx) =>
      listPage(args, REGION_LIST, (params) => ctx.dataSources.platform.listRegions(params).catch(namingFields(FIELDS))),
    ),
  },
  Mutation: {
    createRegion: superAdmin(async (_parent, { input }, ctx) => {
      try {
        return { region: await ctx.dataSources.platform.createRegion(toRestFields(FIELDS, input)), errors: [] };
      } catch (error) {
        return refused(error);
      }
    }),
    renameRegion: superAdmin(async (_parent, { input: { id, name } }, ctx) => {
      try {
        return { region: await ctx.dataSources.platform.updateRegion(id, { [FIELDS.name]: name }), errors: [] };
      } catch (error) {
        return refused(error);
      }
    }),
    setRegionActive: superAdmin(async (_parent, { input: { id, active } }, ctx) => {
      try {
        return { region: await ctx.dataSources.platform.updateRegion(id, { [FIELDS.active]: active }), errors: [] };
      } catch (error) {
        return refused(error);
      }
    }),
    deleteRegion: superAdmin(async (_parent, { input: { id } }, ctx) => {
      try {
        await ctx.dataSources.platform.deleteRegion(id);
        return { deletedId: id, errors: [] };
      } catch (error) {
        return { deletedId: null, errors: userErrorsOf(error, FIELDS) };
      }
    }),
  },
  Region: {
    ...readRestFields<RegionRecord>()(FIELDS),
    id: (region) => String(region.RegionId),
  },
};
