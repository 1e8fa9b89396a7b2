import type { Resolvers } from '#generated/graphql';
import { namingFields } from '#errors';
import { superAdmin } from '#guards';

/** One enquiry at its own address, for the provider's SuperAdmins. */
export const enquiryRecordResolvers: Resolvers = {
  Query: {
    enquiry: superAdmin((_parent, { id }, ctx) => ctx.dataSources.enquiry.getEnquiry(id).catch(namingFields({ id: 'EnquiryId' }))),
  },
};
