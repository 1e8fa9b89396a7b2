import type { RegionFilter, RegionSortField, Resolvers } from '../../generated/graphql';
import { superAdmin } from '../../guards';
import { listPage, type ListSpec } from '../../lists';

const REGION_LIST: ListSpec<RegionFilter, RegionSortField> = {
  search: ['RegionCode', 'RegionName'],
  filter: { active: ['IsActive', 'eq'] },
  sort: { NAME: 'RegionName', CODE: 'RegionCode' },
  defaultSort: { field: 'NAME', direction: 'ASC' },
};

export const regionResolvers: Resolvers = {
  Query: {
    regions: superAdmin((_parent, args, ctx) => listPage(args, REGION_LIST, (params) => ctx.dataSources.platform.listRegions(params))),
  },
  Region: {
    id: (region) => String(region.RegionId),
    code: (region) => region.RegionCode,
    name: (region) => region.RegionName,
    active: (region) => region.IsActive,
    organizationCount: (region) => region.OrganizationCount,
  },
};
