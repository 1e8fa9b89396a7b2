import { ENQUIRY_REST_FIELDS, toRestFields } from '@yozy/shared';
import type { MutationSubmitEnquiryArgs, Resolvers } from '#generated/graphql';
import { counted, withUserErrors } from '#guards';
import { requireSolvedCaptcha } from '#resolvers/captcha';

export const enquiryResolvers: Resolvers = {
  Mutation: {
    submitEnquiry: counted(
      'submitEnquiry',
      ({ input }: MutationSubmitEnquiryArgs) => input.adminEmail,
    )(
      withUserErrors(ENQUIRY_REST_FIELDS, { enquiryId: null })(async (_parent, { input }, ctx) => {
        await requireSolvedCaptcha(ctx, input.captcha);
        const { EnquiryId } = await ctx.dataSources.enquiry.createEnquiry(toRestFields(ENQUIRY_REST_FIELDS, input));
        return { enquiryId: String(EnquiryId) };
      }),
    ),
  },
};
