import type { Resolvers } from '#generated/graphql';
import { superAdmin } from '#guards';
import { oneRow } from '#lists';

/** One enquiry at its own address, for the provider's SuperAdmins. */
export const enquiryRecordResolvers: Resolvers = {
  Query: {
    enquiry: superAdmin((_parent, { id }, ctx) => oneRow({ id: 'EnquiryId' }, ctx.dataSources.enquiry.findEnquiries(id))),
  },
};
