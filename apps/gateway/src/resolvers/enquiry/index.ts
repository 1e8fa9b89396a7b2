import type { Resolvers } from '../../generated/graphql';
import { captchaErrors } from '../captcha';
import { toUserErrors } from '../userErrors';

const optional = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

export const enquiryResolvers: Resolvers = {
  Mutation: {
    async submitEnquiry(_parent, { input }, ctx) {
      const refused = await captchaErrors(ctx, input.captcha);
      if (refused.length) return { enquiryId: null, errors: refused };
      const productId = Number(input.productId);
      const planId = Number(input.planId);
      if (!Number.isInteger(productId) || !Number.isInteger(planId)) {
        return { enquiryId: null, errors: [{ code: 'BAD_USER_INPUT', field: 'planId', message: 'Choose a product and a plan' }] };
      }
      try {
        const { EnquiryId } = await ctx.dataSources.enquiry.createEnquiry({
          ClientCompanyName: input.companyName,
          AddressLine1: optional(input.addressLine1),
          AddressLine2: optional(input.addressLine2),
          City: optional(input.city),
          State: optional(input.state),
          Country: optional(input.country),
          CountryCode: optional(input.countryCode),
          Pincode: optional(input.pincode),
          CurrencyCode: optional(input.currencyCode),
          ClientType: optional(input.clientType),
          NatureOfBusiness: optional(input.natureOfBusiness),
          BusinessVertical: optional(input.businessVertical),
          ClientRevenueInUSD: input.revenueUsd ?? null,
          AdminFirstname: input.adminFirstName,
          AdminLastname: input.adminLastName,
          AdminEmail: input.adminEmail,
          AdminPhone: optional(input.adminPhone),
          AdminDepartment: optional(input.adminDepartment),
          ContactName: input.contactName,
          ContactDesignation: optional(input.contactDesignation),
          ContactEmail: input.contactEmail,
          ContactPhone: optional(input.contactPhone),
          ProductId: productId,
          PlanId: planId,
        });
        return { enquiryId: String(EnquiryId), errors: [] };
      } catch (error) {
        return { enquiryId: null, errors: toUserErrors(error, ENQUIRY_FIELDS) };
      }
    },
  },
};

/** REST field names of the enquiry form → the GraphQL input's. */
const ENQUIRY_FIELDS: Record<string, string> = {
  ClientCompanyName: 'companyName',
  AddressLine1: 'addressLine1',
  AddressLine2: 'addressLine2',
  City: 'city',
  State: 'state',
  Country: 'country',
  CountryCode: 'countryCode',
  Pincode: 'pincode',
  CurrencyCode: 'currencyCode',
  ClientType: 'clientType',
  NatureOfBusiness: 'natureOfBusiness',
  BusinessVertical: 'businessVertical',
  ClientRevenueInUSD: 'revenueUsd',
  AdminFirstname: 'adminFirstName',
  AdminLastname: 'adminLastName',
  AdminEmail: 'adminEmail',
  AdminPhone: 'adminPhone',
  AdminDepartment: 'adminDepartment',
  ContactName: 'contactName',
  ContactDesignation: 'contactDesignation',
  ContactEmail: 'contactEmail',
  ContactPhone: 'contactPhone',
  ProductId: 'productId',
  PlanId: 'planId',
};
