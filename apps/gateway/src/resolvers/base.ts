import type { Resolvers } from '#generated/graphql';
import { DateScalar, DateTimeScalar } from '#scalars';

/** What every domain shares: the scalars of schema/base.graphql. */
export const baseResolvers: Resolvers = {
  Date: DateScalar,
  DateTime: DateTimeScalar,
};
