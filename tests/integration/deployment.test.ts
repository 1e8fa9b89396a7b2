import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { SERVICES } from '../../scripts/cluster/layout.mjs';
import { nginxConfig } from '../../scripts/cluster/nginx.mjs';

/**
 * The three ways the console is run scaled out say the same: `npm run cluster` (its layout,
 * scripts/cluster/layout.mjs, which it starts every instance from), deploy/compose.yaml and the
 * Kubernetes manifests of deploy/k8s, and the images of deploy/Dockerfile. Each service's image,
 * command, port, probes and environment; the secrets kept out of plain view; nginx's proxying.
 */

const file = (path: string) => readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8');
type Name = keyof typeof SERVICES;
const NAMES = Object.keys(SERVICES) as Name[];

type ComposeService = {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test?: string[] };
};
const compose = parse(file('deploy/compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };

type Container = {
  name: string;
  image: string;
  command: string[];
  ports?: { containerPort: number }[];
  env: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  readinessProbe?: { httpGet: { path: string; port: number } };
  livenessProbe?: { httpGet: { path: string; port: number } };
};
type Manifest = {
  kind: string;
  metadata: { name: string };
  spec: {
    template?: { spec: { containers: Container[] } };
    ports?: { port: number; targetPort: number }[];
    rules?: { http: { paths: { backend: { service: { name: string; port: { number: number } } } }[] } }[];
  };
};
const manifests = ['gateway', 'subscription-api', 'migrate-job', 'ingress', 'secret'].flatMap((name) =>
  parseAllDocuments(file(`deploy/k8s/${name}.yaml`)).map((document) => document.toJS() as Manifest),
);
const manifest = (kind: string, name: string) => {
  const found = manifests.find((m) => m.kind === kind && m.metadata.name === name);
  if (!found) throw new Error(`deploy/k8s has no ${kind} ${name}`);
  return found;
};

/** The stages of deploy/Dockerfile by name, each with its EXPOSE and CMD. */
function dockerStages(): Record<string, { expose?: number; cmd?: string[] }> {
  const stages: Record<string, { expose?: number; cmd?: string[] }> = {};
  let current = '';
  for (const line of file('deploy/Dockerfile').split('\n')) {
    const from = /^FROM \S+ AS (\S+)/.exec(line);
    if (from) stages[(current = from[1]!)] = {};
    const expose = /^EXPOSE (\d+)/.exec(line);
    if (expose) stages[current]!.expose = Number(expose[1]);
    const cmd = /^CMD (\[.*\])/.exec(line);
    if (cmd) stages[current]!.cmd = JSON.parse(cmd[1]!) as string[];
  }
  return stages;
}

describe.each(NAMES)('the %s service, wherever it runs', (name) => {
  const layout = SERVICES[name];

  it('is built as the image the cluster names, running the same command on the same port', () => {
    const stage = dockerStages()[name];
    expect(stage).toEqual({ expose: layout.port, cmd: layout.command });
  });

  it('runs in deploy/compose.yaml as the cluster runs it: each instance the same image, command, environment and readiness check', () => {
    const instances = Object.entries(compose.services).filter(([key]) => key.startsWith(`${name}-`));
    expect(instances.map(([key]) => key)).toEqual([`${name}-1`, `${name}-2`]);
    for (const [, service] of instances) {
      expect(service.image).toBe(layout.image);
      expect(service.command).toEqual(layout.command);
      expect(Object.keys(service.environment ?? {}).sort()).toEqual([...layout.environment].sort());
      expect(service.environment?.[layout.portVariable]).toBe(String(layout.port));
      const probe = service.healthcheck?.test?.join(' ') ?? '';
      expect(probe).toContain(`http://127.0.0.1:${layout.port}${layout.readiness}'`);
      // A secret is never written in the file: it comes from the operator's environment (deploy/.env).
      for (const secret of layout.secrets) expect(service.environment?.[secret]).toMatch(/\$\{\w+:\?/);
    }
  });

  it('runs in deploy/k8s as the cluster runs it: image, command, port, probes and environment, the secrets from the Secret', () => {
    const deployment = manifest('Deployment', name);
    const [container] = deployment.spec.template!.spec.containers;
    expect(container!.image.split(':')[0]).toBe(layout.image);
    expect(container!.command).toEqual(layout.command);
    expect(container!.ports?.map((port) => port.containerPort)).toEqual([layout.port]);
    expect(container!.readinessProbe?.httpGet).toEqual({ path: layout.readiness, port: layout.port });
    expect(container!.livenessProbe?.httpGet).toEqual({ path: layout.liveness, port: layout.port });
    expect(container!.env.map((variable) => variable.name).sort()).toEqual([...layout.environment].sort());
    expect(container!.env.find((variable) => variable.name === layout.portVariable)?.value).toBe(String(layout.port));
    for (const variable of container!.env) {
      if (layout.secrets.includes(variable.name)) {
        expect(variable.valueFrom?.secretKeyRef).toEqual({ name: 'yozy-secrets', key: variable.name });
        expect(manifest('Secret', 'yozy-secrets')).toHaveProperty(['stringData', variable.name]);
      } else expect(variable.value).toBeDefined();
    }
    expect(manifest('Service', name).spec.ports).toEqual([expect.objectContaining({ port: layout.port, targetPort: layout.port })]);
  });
});

describe('the migrations of a release', () => {
  const api = SERVICES['subscription-api'];

  it('run once before the REST services, in compose and in Kubernetes, from the REST service’s image', () => {
    expect(compose.services.migrate?.image).toBe(api.image);
    expect(compose.services.migrate?.command).toEqual([...api.command, '--migrate-only']);
    const [container] = manifest('Job', 'migrate').spec.template!.spec.containers;
    expect(container!.image.split(':')[0]).toBe(api.image);
    expect(container!.command).toEqual([...api.command, '--migrate-only']);
    for (const variable of container!.env.filter((v) => api.secrets.includes(v.name)))
      expect(variable.valueFrom?.secretKeyRef).toEqual({ name: 'yozy-secrets', key: variable.name });
  });
});

describe('the load balancer', () => {
  it('reaches the gateways only, on their port', () => {
    const [rule] = manifest('Ingress', 'console').spec.rules!;
    expect(rule!.http.paths.map((path) => path.backend.service)).toEqual([{ name: 'gateway', port: { number: SERVICES.gateway.port } }]);
    expect(file('deploy/nginx/nginx.conf')).toMatch(new RegExp(`server gateway-1:${SERVICES.gateway.port}\\b`));
  });

  it('in deploy/compose.yaml proxies as the cluster’s nginx does: the same headers, retries and kept-alive connections', () => {
    const cluster = nginxConfig({ prefix: '/tmp/yozy', port: 8080, gateways: [{ port: 1, down: false }] });
    const directives = (text: string) =>
      text
        .split('\n')
        .map((line) => line.trim())
        .filter((line) =>
          /^(proxy_(set_header|hide_header|http_version|next_upstream\w*|\w+_timeout)|add_header|keepalive\w*|client_max_body_size|log_format) /.test(
            line,
          ),
        );
    const deployed = new Set(directives(file('deploy/nginx/nginx.conf')));
    expect(directives(cluster).filter((line) => !deployed.has(line))).toEqual([]);
    // The only forwarded address believed is nginx's own.
    expect(compose.services['gateway-1']?.environment?.TRUST_PROXY).toBe(
      (parse(file('deploy/compose.yaml')) as { services: { nginx: { networks: { yozy: { ipv4_address: string } } } } }).services.nginx
        .networks.yozy.ipv4_address,
    );
  });
});
