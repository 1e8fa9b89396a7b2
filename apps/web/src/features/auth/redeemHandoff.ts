import type { ApolloClient } from '@apollo/client';
import { SignInHandoffRedeemDocument } from '@/generated/graphql';

/**
 * Redeems a hand-off token for the email it was issued for; null when it is used, expired or
 * forged. Its own chunk, fetched only when the address brought a token: most sign-ins have none.
 */
export async function redeemHandoff(client: ApolloClient, token: string): Promise<string | null> {
  const { data } = await client.mutate({ mutation: SignInHandoffRedeemDocument, variables: { token } });
  return data?.redeemSignInHandoff.email ?? null;
}
