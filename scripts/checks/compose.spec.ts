import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';

// docker/compose.yaml cannot be started here (no Docker engine): this reads it and docker/haproxy.cfg
// and checks they describe the cluster the README promises.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (p: string) => readFileSync(path.join(ROOT, p), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  deploy?: { replicas?: number };
  environment?: Record<string, string | null>;
  ports?: string[];
  expose?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  profiles?: string[];
}
const compose = parse(read('docker/compose.yaml')) as { services: Record<string, Service> };
const { api, worker, lb, migrate, postgres } = compose.services;
const haproxy = read('docker/haproxy.cfg');
const readme = read('README.md');

describe('docker/compose.yaml: the cluster', () => {
  it('runs at least two replicas of the api and the worker, from one image, on their entry points', () => {
    expect(api!.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(worker!.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect([api!.image, worker!.image, migrate!.image]).toEqual(['candor-server', 'candor-server', 'candor-server']);
    expect(migrate!.build).toBeDefined();
    expect(api!.command).toEqual(['node', 'apps/server/dist/main/api.js']);
    expect(worker!.command).toEqual(['node', 'apps/server/dist/main/worker.js']);
    expect(migrate!.command).toEqual(['node', 'apps/server/dist/cli/migrate.js']);
  });

  it('migrates once, before any replica starts (two apis migrating at once would race)', () => {
    for (const s of [api!, worker!]) {
      expect(s.depends_on?.migrate).toEqual({ condition: 'service_completed_successfully' });
      expect(s.depends_on?.redis).toEqual({ condition: 'service_healthy' });
    }
    expect(migrate!.depends_on?.postgres).toEqual({ condition: 'service_healthy' });
  });

  it('publishes only the load balancer, which forwards to every api replica with sticky sessions', () => {
    expect(api!.ports).toBeUndefined();
    expect(api!.environment?.TRUST_PROXY).toBe('true');
    expect(lb!.ports).toEqual(['${HTTP_PORT:-80}:8080', '${HTTPS_PORT:-443}:8443']);
    expect(lb!.depends_on?.api).toEqual({ condition: 'service_healthy' });
    const mount = lb!.volumes?.find((v) => v.includes('haproxy.cfg'))?.split(':');
    expect(mount?.[0]).toBe('./haproxy.cfg');
    expect(existsSync(path.join(ROOT, 'docker', mount![0]!))).toBe(true);

    expect(haproxy).toMatch(/^\s*bind :8080$/m);
    const template = haproxy.match(/^\s*server-template api (\d+) api:(\d+) .*check.*resolvers docker/m);
    expect(Number(template?.[1])).toBeGreaterThanOrEqual(api!.deploy!.replicas!);
    expect(template?.[2]).toBe(api!.environment?.PORT);
    // socket.io's long-polling fallback needs every request of a session on one replica.
    expect(haproxy).toMatch(/^\s*cookie \S+ insert .*\b(dynamic)\b/m);
    expect(haproxy).toMatch(/^\s*option httpchk GET \/api\/health\/ready$/m);
    expect(haproxy).toMatch(/^\s*option forwardfor$/m);
  });

  it('ends TLS at the load balancer with the mounted certificates, redirects HTTP and tells the apis', () => {
    const certs = lb!.volumes?.find((v) => v.endsWith(':/usr/local/etc/haproxy/certs:ro'));
    expect(certs).toBe('${CERTS_DIR:-../.data/certs}:/usr/local/etc/haproxy/certs:ro');
    expect(haproxy).toMatch(/^\s*bind :8443 ssl crt \/usr\/local\/etc\/haproxy\/certs\/ /m);
    expect(haproxy).toMatch(/^\s*ssl-default-bind-options ssl-min-ver TLSv1\.2\b/m);
    expect(haproxy).toMatch(/^\s*http-request redirect scheme https code 301 unless /m);
    expect(haproxy).toMatch(/^\s*http-request set-header X-Forwarded-Proto https$/m);
    expect(haproxy).toMatch(/^\s*cookie \S+ insert .*\bsecure\b/m);
    // The lb's health check speaks plain HTTP to the port that redirects everything but this path from inside.
    expect(lb!.healthcheck?.test.join(' ')).toContain('/dev/tcp/127.0.0.1/8080');
    // The ACME client is optional, off unless its profile is asked for, and writes where the lb reads.
    const { acme } = compose.services;
    expect(acme!.profiles).toEqual(['tls-acme']);
    expect(acme!.volumes).toContain('${CERTS_DIR:-../.data/certs}:/certs');
    expect(haproxy).toMatch(/^\s*server acme acme:8888 .*init-addr libc,none/m);
  });

  it('lets Postgres take every replica’s connection pool', () => {
    const max = Number(postgres!.command?.join(' ').match(/max_connections=(\d+)/)?.[1] ?? 100);
    const poolSize = 20; // DB_POOL_SIZE's default
    expect(max).toBeGreaterThanOrEqual((api!.deploy!.replicas! + worker!.deploy!.replicas! + 1) * poolSize);
  });

  it('is what the README says', () => {
    const section = readme.slice(readme.indexOf('## Running several instances'));
    expect(section.length).toBeGreaterThan(1000);
    const words = ['zero', 'one', 'two', 'three', 'four'];
    expect(section).toContain(`${words[api!.deploy!.replicas!]} api replicas behind HAProxy (service \`lb\``);
    expect(section).toContain(`${words[worker!.deploy!.replicas!]} worker replicas`);
    for (const name of ['docker compose -f docker/compose.yaml up --build', '--scale api=', '`migrate`', 'docker/haproxy.cfg', 'max_connections']) {
      expect(section).toContain(name);
    }
  });
});
