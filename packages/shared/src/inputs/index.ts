export * from './rules';
export * from './fieldMap';
export * from './enquiry';
export * from './organization';
export * from './account';
export * from './users';
