export * from './constants';
export * from './password';
export * from './menu';
