import { ENQUIRY_REST_FIELDS, toRestFields } from '@yozy/shared';
import type { MutationSubmitEnquiryArgs, Resolvers } from '../../generated/graphql';
import { userErrorsOf } from '../../errors';
import { counted } from '../../guards';
import { captchaErrors } from '../captcha';

export const enquiryResolvers: Resolvers = {
  Mutation: {
    submitEnquiry: counted(
      'submitEnquiry',
      ({ input }: MutationSubmitEnquiryArgs) => input.adminEmail,
    )(async (_parent, { input }, ctx) => {
      const refused = await captchaErrors(ctx, input.captcha);
      if (refused.length) return { enquiryId: null, errors: refused };
      try {
        const { EnquiryId } = await ctx.dataSources.enquiry.createEnquiry(toRestFields(ENQUIRY_REST_FIELDS, input));
        return { enquiryId: String(EnquiryId), errors: [] };
      } catch (error) {
        return { enquiryId: null, errors: userErrorsOf(error, ENQUIRY_REST_FIELDS) };
      }
    }),
  },
};
