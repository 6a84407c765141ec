#!/usr/bin/env node
// The npm registry reachable here serves only the linux-x64 builds of packages that ship one
// package per platform (@swc/core-*, @nx/nx-*, ...); it answers 404 for the others. `npm install`
// therefore writes a package-lock.json without those optional entries, and `npm ci` then refuses
// the lock as "out of sync". This script adds the missing optional platform packages back as lock
// entries carrying their os/cpu/libc, so npm ci skips them on other platforms exactly as it would
// with a lock written against the full registry. Run it after `npm install` changes the lock:
//   node scripts/lock-platform-stubs.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openbsd', 'sunos', 'aix', 'netbsd'];
const CPU = {
  arm64: 'arm64',
  aarch64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  armv7: 'arm',
  ppc64: 'ppc64',
  ppc64le: 'ppc64',
  s390x: 's390x',
  riscv64: 'riscv64',
  loong64: 'loong64',
  mips64el: 'mips64el',
  wasm32: 'wasm32',
  universal: null,
};

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p)) ?? (parts.includes('windows') ? 'win32' : parts.includes('macos') ? 'darwin' : null);
  const cpuKey = parts.find((p) => p in CPU);
  const cpu = cpuKey ? CPU[cpuKey] : null;
  const libc = parts.includes('musl') ? 'musl' : parts.some((p) => p.startsWith('gnu')) ? 'glibc' : null;
  return { os, cpu, libc };
}

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const pkgs = lock.packages;
let added = 0;
for (const [at, meta] of Object.entries(pkgs)) {
  for (const [dep, spec] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${at ? `${at}/` : ''}node_modules/${dep}`;
    if (pkgs[nested] || pkgs[`node_modules/${dep}`]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os && !cpu) {
      console.warn(`skipped ${dep}: cannot tell its platform from the name`);
      continue;
    }
    const version = String(spec).replace(/^[\^~=]/, '');
    pkgs[`node_modules/${dep}`] = { version, optional: true, ...(cpu ? { cpu: [cpu] } : {}), ...(os ? { os: [os] } : {}), ...(libc ? { libc: [libc] } : {}) };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform entries added`);
