import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseTrustProxy } from '../../api/platform/config';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Service {
  image?: string;
  build?: unknown;
  ports?: (string | number | { published?: string | number; target?: number })[];
  expose?: (string | number)[];
  environment?: Record<string, string> | string[];
  volumes?: (string | { source?: string; target?: string })[];
}

// `merge`: the app services share one block through YAML merge keys (<<: *app), as compose reads them.
const compose = parse(fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const caddyfile = fs.readFileSync(path.join(ROOT, 'deploy/Caddyfile'), 'utf8');

const env = (s: Service): Record<string, string> =>
  Array.isArray(s.environment) ? Object.fromEntries(s.environment.map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)])) : (s.environment ?? {});

/** The host ports a service publishes: "80:80", "127.0.0.1:443:443/udp", a bare "8025", or the long syntax. */
const publishedPorts = (s: Service): number[] =>
  (s.ports ?? []).map((p) => {
    if (typeof p === 'object') return Number(p.published ?? p.target);
    const parts = String(p).split('/')[0]!.split(':');
    return Number(parts.length === 1 ? parts[0] : parts[parts.length - 2]);
  });

// The app's own services are the ones built from this repository.
const appServices = Object.entries(services).filter(([, s]) => s.build !== undefined);
const webServices = appServices.filter(([, s]) => env(s).ROLE === 'web');

describe('docker-compose.yml', () => {
  it('runs the app as web instances and a worker, built from this repository', () => {
    expect(webServices.map(([name]) => name).sort()).toEqual(['web1', 'web2']);
    expect(appServices.map(([name]) => name).sort()).toEqual(['web1', 'web2', 'worker']);
  });

  it('publishes no port of a web instance: only the proxy can reach them', () => {
    for (const [name, s] of appServices) expect(s.ports, name).toBeUndefined();
    for (const [name, s] of webServices) expect(s.expose?.map(String), name).toEqual(['3000']);
  });

  it('has the proxy, and only the proxy, publish 80 and 443', () => {
    const publishers = (port: number) => Object.entries(services).filter(([, s]) => publishedPorts(s).includes(port)).map(([name]) => name);
    expect(publishers(80)).toEqual(['proxy']);
    expect(publishers(443)).toEqual(['proxy']);
    expect(services.proxy!.image).toMatch(/^caddy:/);
    // Nothing else reaches the app from outside: the only other published port is the mail catcher's UI.
    const others = Object.entries(services).filter(([name, s]) => name !== 'proxy' && publishedPorts(s).length > 0);
    expect(others.map(([name, s]) => [name, publishedPorts(s)])).toEqual([['mailpit', [8025]]]);
  });

  it('sets TRUST_PROXY to the one proxy hop on every app service, a value the app accepts', () => {
    for (const [name, s] of appServices) {
      expect(env(s).TRUST_PROXY, name).toBe('1');
      expect(parseTrustProxy(env(s).TRUST_PROXY), name).toBe(1);
      expect(env(s).NODE_ENV, name).toBe('production');
    }
  });

  it('mounts deploy/Caddyfile as the proxy’s configuration', () => {
    const mounts = (services.proxy!.volumes ?? []).map((v) => (typeof v === 'string' ? v : `${v.source}:${v.target}`));
    expect(mounts).toContainEqual(expect.stringMatching(/^\.\/deploy\/Caddyfile:\/etc\/caddy\/Caddyfile(:ro)?$/));
  });
});

describe('deploy/Caddyfile', () => {
  const directives = caddyfile
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter(Boolean);

  it('proxies to every web instance and nothing else', () => {
    const proxies = directives.filter((d) => d.startsWith('reverse_proxy'));
    expect(proxies).toHaveLength(1);
    const upstreams = proxies[0]!.replace(/\{$/, '').trim().split(/\s+/).slice(1);
    expect(upstreams.sort()).toEqual(webServices.map(([name, s]) => `${name}:${s.expose![0]}`).sort());
  });

  it('does not pass on a client’s own X-Forwarded-For (the app trusts exactly one hop)', () => {
    expect(caddyfile).not.toMatch(/trusted_proxies|header_up\s+X-Forwarded-For/i);
  });
});
