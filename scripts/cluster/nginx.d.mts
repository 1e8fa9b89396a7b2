/** Types of nginx.mjs, for the tests that read it (tests/integration/deployment.test.ts). */
export const NGINX_SOURCE_ADDRESS: string;

export function nginxConfig(options: { prefix: string; port: number; gateways: { port: number; down: boolean }[]; user?: string }): string;
