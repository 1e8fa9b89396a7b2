import type { Request, Response } from 'express';
import { Captcha } from './captcha';
import { Caller, createDataSources, type DataSources } from './datasources';
import type { Profile } from './datasources/types';
import { errorCode } from './errors';
import { clearSession, readSession, writeSession } from './session';

export type GatewayContext = {
  dataSources: DataSources;
  captcha: Pick<Captcha, 'challenge' | 'verify'>;
  /** The signed-in user, fetched at most once per request; null when signed out or the session ended. */
  viewer(): Promise<Profile | null>;
  /** The browser's session: set after a sign-in, cleared after a sign-out. */
  session: {
    start(token: string, user: Profile): void;
    end(): void;
  };
};

export function buildContext(subscriptionApiUrl: string, captchaSecret: string) {
  return async ({ req, res }: { req: Request; res: Response }): Promise<GatewayContext> => {
    const { token, uuid } = readSession(req);
    const caller = new Caller(token, uuid, req.ip, req.get('user-agent'));
    const dataSources = createDataSources(subscriptionApiUrl, caller);
    let viewer: Promise<Profile | null> | undefined;
    return {
      dataSources,
      captcha: new Captcha(captchaSecret, (signature, expiresAt) => dataSources.account.consumeCaptcha(signature, expiresAt)),
      viewer: () => (viewer ??= caller.token ? dataSources.account.getProfile().catch(nullWhenUnauthenticated) : Promise.resolve(null)),
      session: {
        start(newToken, user) {
          writeSession(req, res, newToken, user.UUID);
          caller.token = newToken;
          caller.uuid = user.UUID;
          viewer = Promise.resolve(user);
        },
        end() {
          clearSession(req, res);
          caller.token = null;
          caller.uuid = null;
          viewer = Promise.resolve(null);
        },
      },
    };
  };
}

function nullWhenUnauthenticated(error: unknown): null {
  if (errorCode(error) === 'UNAUTHENTICATED') return null;
  throw error;
}
