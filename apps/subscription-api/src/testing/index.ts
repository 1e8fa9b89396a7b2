/** What the cross-app tests in tests/ use to build databases and test data; never loaded by the service. */
export * from './testDatabases';
export { hashPassword } from '#security/passwords';
export { hashToken, newToken } from '#security/tokens';
export { startIdentityProvider, type IdentityProvider, type IdentityProviderPerson } from './identityProvider';
export { startDnsServer, type DnsServer } from './dnsServer';
export { authenticatorCode } from './authenticator';
