/** Types of layout.mjs, for the tests that read it (tests/integration/deployment.test.ts). */
export type ServiceLayout = {
  /** The image that holds the service (deploy/Dockerfile's stage of the same name). */
  image: string;
  /** What the container runs, as `npm run cluster` runs it. */
  command: string[];
  /** The port it listens on in a container. */
  port: number;
  /** The variable that sets the port. */
  portVariable: string;
  /** The path of its readiness probe. */
  readiness: string;
  /** The path of its liveness probe. */
  liveness: string;
  /** Every variable of its environment. */
  environment: string[];
  /** Those of them that are secrets. */
  secrets: string[];
};

export const SERVICES: Record<'gateway' | 'subscription-api', ServiceLayout>;

export function environmentOf(service: keyof typeof SERVICES, values: Record<string, string>): Record<string, string>;
