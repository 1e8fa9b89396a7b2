import type { Resolvers } from '../generated/graphql';
import { unauthenticated } from '../errors';
import { captchaErrors } from './captchaGuard';
import { toUserErrors } from './userErrors';

const optional = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

export const accountResolvers: Resolvers = {
  Query: {
    captchaChallenge: async (_parent, _args, ctx) => JSON.stringify(await ctx.captcha.challenge()),
    verifyPasswordResetLink: (_parent, { email, token }, ctx) => ctx.api.verifyResetLink(email, token),
    async productRedirectUrl(_parent, { email }, ctx) {
      if (!(await ctx.viewer())) throw unauthenticated();
      return ctx.api.getProductAddress(email);
    },
    async products(_parent, _args, ctx) {
      const [products, plans] = await Promise.all([ctx.api.listProducts(), ctx.api.listPlans()]);
      return products.map((p) => ({
        id: String(p.ProductId),
        name: p.ProductName,
        code: p.ProductCode,
        domain: p.Domain,
        plans: plans
          .filter((plan) => plan.ProductId === p.ProductId)
          .map((plan) => ({
            id: String(plan.PlanId),
            name: plan.PlanName,
            planGroup: plan.PlanGroup,
            cost: plan.Cost,
            currency: plan.Currency,
            frequency: plan.Frequency,
            capacity: plan.Capacity,
          })),
      }));
    },
  },
  Mutation: {
    async requestPasswordReset(_parent, { input }, ctx) {
      const refused = await captchaErrors(ctx, input.captcha);
      if (refused.length) return { accepted: false, errors: refused };
      try {
        await ctx.api.requestPasswordReset(input.email);
        return { accepted: true, errors: [] };
      } catch (error) {
        return { accepted: false, errors: toUserErrors(error) };
      }
    },
    async resetPassword(_parent, { input }, ctx) {
      const refused = await captchaErrors(ctx, input.captcha);
      if (refused.length) return { ok: false, redirectUrl: null, errors: refused };
      try {
        const { redirectUrl } = await ctx.api.resetPassword({
          email: input.email,
          token: input.token,
          password: input.password,
          newpassword: input.confirmPassword,
        });
        return { ok: true, redirectUrl, errors: [] };
      } catch (error) {
        return { ok: false, redirectUrl: null, errors: toUserErrors(error, { newpassword: 'confirmPassword' }) };
      }
    },
    async setPassword(_parent, { input }, ctx) {
      const refused = await captchaErrors(ctx, input.captcha);
      if (refused.length) return { ok: false, redirectUrl: null, errors: refused };
      try {
        const { redirectUrl } = await ctx.api.createUser({
          email: input.email,
          token: input.token,
          password: input.password,
          confirmpassword: input.confirmPassword,
          firstname: input.firstName,
          lastname: input.lastName,
        });
        return { ok: true, redirectUrl, errors: [] };
      } catch (error) {
        const fields = { confirmpassword: 'confirmPassword', firstname: 'firstName', lastname: 'lastName' };
        return { ok: false, redirectUrl: null, errors: toUserErrors(error, fields) };
      }
    },
    async submitEnquiry(_parent, { input }, ctx) {
      const refused = await captchaErrors(ctx, input.captcha);
      if (refused.length) return { enquiryId: null, errors: refused };
      const productId = Number(input.productId);
      const planId = Number(input.planId);
      if (!Number.isInteger(productId) || !Number.isInteger(planId)) {
        return { enquiryId: null, errors: [{ code: 'BAD_USER_INPUT', field: 'planId', message: 'Choose a product and a plan' }] };
      }
      try {
        const { EnquiryId } = await ctx.api.createEnquiry({
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
