export * from './constants';
export * from './email';
export * from './password';
export * from './menu';
export * from './inputs';
export * from './errorLog';
export * from './requestFailure';
export * from './service';
