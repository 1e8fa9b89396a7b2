export * from './constants';
export * from './planGroups';
export * from './email';
export * from './links';
export * from './password';
export * from './menu';
export * from './inputs';
export * from './errorLog';
export * from './requestFailure';
export * from './service';
export * from './planGroups';
export * from './webhookEvents';
// Apart from ./inputs, so the console's forms that load those rules do not bring the events' catalogue with them.
export * from './inputs/webhook';
