import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from '@jest/globals';

// npm's own range rules (semver is installed with npm's tooling; it ships no types).
const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean };
const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;

// The supported Node lines: 22.13+ and 24.11+ (the LTS releases whose APIs the dependencies need), and 20.19+
// only while the machines that run the tests are still on Node 20.
describe('supported Node versions', () => {
  it.each(['20.19.0', '20.20.2', '22.13.0', '22.20.1', '24.11.0', '24.12.3', '26.0.0'])('package.json engines accepts %s', (version) => {
    expect(semver.satisfies(version, engines)).toBe(true);
  });
  it.each(['18.20.0', '20.18.3', '21.7.0', '22.12.0', '23.11.0', '24.10.0'])('package.json engines refuses %s', (version) => {
    expect(semver.satisfies(version, engines)).toBe(false);
  });
  it('.nvmrc names the Node line the server image is built on, and engines accepts it', () => {
    const nvmrc = read('.nvmrc').trim();
    const image = /^FROM node:(\d+)-/m.exec(read('docker/server.Dockerfile'))?.[1];
    expect(nvmrc).toBe(image);
    expect(semver.satisfies(`${nvmrc}.11.0`, engines)).toBe(true);
  });
  it('@types/node is of the oldest line engines accepts, so the code uses no API that line lacks', () => {
    const pkg = JSON.parse(read('package.json')) as { devDependencies: Record<string, string> };
    const typesMajor = /\d+/.exec(pkg.devDependencies['@types/node'] ?? '')?.[0];
    const oldestMajor = /\d+/.exec(engines)?.[0];
    expect(typesMajor).toBe(oldestMajor);
  });
});
