import type { Request, Response } from 'express';
import { Captcha } from './captcha';
import { SubscriptionApi } from './datasources/SubscriptionApi';
import type { Profile } from './datasources/types';
import { errorCode } from './errors';
import { readSession } from './session';

export type GatewayContext = {
  req: Request;
  res: Response;
  api: SubscriptionApi;
  captcha: Captcha;
  /** The signed-in user, fetched at most once per request; null when signed out or the session ended. */
  viewer(): Promise<Profile | null>;
};

export function buildContext(subscriptionApiUrl: string, captchaSecret: string) {
  return async ({ req, res }: { req: Request; res: Response }): Promise<GatewayContext> => {
    const { token, uuid } = readSession(req);
    const api = new SubscriptionApi(subscriptionApiUrl, { token, uuid, ip: req.ip, userAgent: req.get('user-agent') });
    let viewer: Promise<Profile | null> | undefined;
    return {
      req,
      res,
      api,
      captcha: new Captcha(captchaSecret, (signature, expiresAt) => api.consumeCaptcha(signature, expiresAt)),
      viewer: () => (viewer ??= token ? api.getProfile().catch(nullWhenUnauthenticated) : Promise.resolve(null)),
    };
  };
}

function nullWhenUnauthenticated(error: unknown): null {
  if (errorCode(error) === 'UNAUTHENTICATED') return null;
  throw error;
}
