// How each service of the console runs when it is scaled out: the image that holds it, the command
// it runs, the port it listens on, its probes and the environment it is given. `npm run cluster`
// starts its instances from this, and tests/deploy checks that deploy/compose.yaml and deploy/k8s
// say the same, so the cluster on this machine and the examples of a real deployment cannot drift.

/**
 * @typedef {{
 *   image: string,
 *   command: string[],
 *   port: number,
 *   portVariable: string,
 *   readiness: string,
 *   liveness: string,
 *   environment: string[],
 *   secrets: string[],
 * }} ServiceLayout
 */

/** @type {Record<'gateway' | 'subscription-api', ServiceLayout>} */
export const SERVICES = {
  gateway: {
    image: 'yozy/gateway',
    command: ['node', '--enable-source-maps', 'apps/gateway/dist/index.js'],
    port: 4000,
    portVariable: 'PORT',
    // Ready once the REST service and Redis answer; alive while the process answers at all.
    readiness: '/readyz',
    liveness: '/healthz',
    environment: [
      'NODE_ENV',
      'HOST',
      'PORT',
      'PUBLIC_URL',
      'SUBSCRIPTION_API_URL',
      'TRUST_PROXY',
      'REDIS_URL',
      'SERVICE_TOKEN',
      'CAPTCHA_SECRET',
    ],
    // Kept out of the manifests' plain environment: read from a secret store.
    secrets: ['REDIS_URL', 'SERVICE_TOKEN', 'CAPTCHA_SECRET'],
  },
  'subscription-api': {
    image: 'yozy/subscription-api',
    command: ['node', '--enable-source-maps', 'apps/subscription-api/dist/index.js'],
    port: 4001,
    portVariable: 'API_PORT',
    // Ready once migrated and its database answers; alive while it answers.
    readiness: '/readyz',
    liveness: '/health',
    environment: ['NODE_ENV', 'API_HOST', 'API_PORT', 'PUBLIC_URL', 'DATABASE_URL', 'SEED_DEMO_DATA', 'SERVICE_TOKEN', 'SECRET_KEY'],
    secrets: ['DATABASE_URL', 'SERVICE_TOKEN', 'SECRET_KEY'],
  },
};

/**
 * The environment of one instance of `service`: exactly the variables its layout names, each
 * given a value, or an error that says which differ (a variable added here and not there).
 * @param {keyof typeof SERVICES} service
 * @param {Record<string, string>} values
 */
export function environmentOf(service, values) {
  const wanted = new Set(SERVICES[service].environment);
  const given = new Set(Object.keys(values));
  const missing = [...wanted].filter((name) => !given.has(name));
  const extra = [...given].filter((name) => !wanted.has(name));
  if (missing.length || extra.length)
    throw new Error(
      `The ${service} environment differs from scripts/cluster/layout.mjs: ${[
        ...missing.map((name) => `${name} not given`),
        ...extra.map((name) => `${name} not in the layout`),
      ].join(', ')}`,
    );
  return values;
}
