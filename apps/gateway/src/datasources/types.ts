/** Shapes the REST subscription service answers with (its OpenAPI document at /openapi.json). */
import type { TypeOfUser } from '@yozy/shared';

export type Client = {
  ClientId: number;
  ClientCompanyName: string;
  DateOnboarded: string;
  AddressLine1: string | null;
  AddressLine2: string | null;
  City: string | null;
  State: string | null;
  Country: string | null;
  CountryCode: string | null;
  Pincode: string | null;
  ClientContactName: string | null;
  ClientDesignation: string | null;
  CurrencyCode: string;
  ClientType: string | null;
  NatureOfBusiness: string | null;
  BusinessVertical: string | null;
  ClientRevenueInUSD: number | null;
};

export type Profile = {
  ClientUserId: number;
  UUID: string;
  UserFirstname: string;
  UserLastname: string;
  OfficialEmail: string;
  Phone: string | null;
  TypeOfUser: TypeOfUser;
  Role: string | null;
  ClientId: number;
  OrgDetails: Client;
};

export type SignInAnswer = { token: string; expiresAt: string; user: Profile };

/** A request body in the REST service's field names, built from a GraphQL input with its field map. */
export type RestBody = Record<string, unknown>;

export type RestErrorBody = { error?: { code?: string; message?: string; field?: string } };

export type ProductRecord = {
  ProductId: number;
  ProductName: string;
  ProductCode: string;
  Domain: string;
  IncludedProducts: string[];
};

export type PlanRecord = {
  PlanId: number;
  ProductId: number;
  PlanName: string;
  PlanGroup: string;
  Cost: number;
  Currency: string;
  Frequency: string;
  Capacity: number;
};

/** A product with the plans on sale for it, as the catalogue resolvers hand it to `Product`. */
export type ProductWithPlans = ProductRecord & { plans: PlanRecord[] };
