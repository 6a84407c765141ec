// docker/haproxy.cfg run by a local HAProxy (Debian: apt-get install -y haproxy), for the cluster tier and
// scripts/testing/lb-check.mjs: the file as it is, with only what is Docker's swapped for local values (the
// ports it binds, the api replicas of the server-template line, the certificate folder), and a self-signed
// certificate made by openssl at test time.
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, portTaken, waitFor } from '../lib/infra.mjs';

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CERTS_IN_IMAGE = '/usr/local/etc/haproxy/certs/';

// Debian installs it in /usr/sbin, which is not on every user's PATH.
const HAPROXY = spawnSync('haproxy', ['-v']).status === 0 ? 'haproxy' : '/usr/sbin/haproxy';

/** Null when haproxy runs, else what to do about it. */
export function haproxyMissing() {
  return spawnSync(HAPROXY, ['-v']).status === 0 ? null : 'haproxy is not installed (Debian: apt-get install -y haproxy)';
}

/** A self-signed certificate and key for `name` (and 127.0.0.1) in one PEM file in `dir`, as HAProxy reads a crt folder. */
export function selfSignedCertificate(dir, name = 'candor.test') {
  fs.mkdirSync(dir, { recursive: true });
  const key = path.join(dir, `${name}.key.tmp`);
  const crt = path.join(dir, `${name}.crt.tmp`);
  const run = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-addext',
      `subjectAltName=DNS:${name},IP:127.0.0.1`,
      '-keyout',
      key,
      '-out',
      crt,
    ],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`openssl req failed: ${run.stderr}`);
  const pem = path.join(dir, `${name}.pem`);
  fs.writeFileSync(pem, fs.readFileSync(crt, 'utf8') + fs.readFileSync(key, 'utf8'), { mode: 0o600 });
  fs.rmSync(key);
  fs.rmSync(crt);
  return { pem, certificate: fs.readFileSync(pem, 'utf8').split('-----BEGIN PRIVATE KEY-----')[0] };
}

/** docker/haproxy.cfg with local ports, the given api ports instead of the server-template, and `certDir` for certificates. */
export function localConfig({ httpPort, httpsPort, apiPorts, certDir }) {
  const cfg = fs.readFileSync(path.join(ROOT_DIR, 'docker/haproxy.cfg'), 'utf8');
  const swaps = [
    [/^(\s*)bind :8080$/m, `$1bind 127.0.0.1:${httpPort}`],
    [new RegExp(`^(\\s*)bind :8443 ssl crt ${CERTS_IN_IMAGE.replace(/\//g, '\\/')} `, 'm'), `$1bind 127.0.0.1:${httpsPort} ssl crt ${certDir}/ `],
    [/^\s*server-template api \d+ api:3000 .*$/m, apiPorts.map((port, i) => `  server api${i + 1} 127.0.0.1:${port} check`).join('\n')],
  ];
  let out = cfg;
  for (const [pattern, replacement] of swaps) {
    if (!pattern.test(out)) throw new Error(`docker/haproxy.cfg: no line matching ${pattern} to swap for the local run`);
    out = out.replace(pattern, replacement);
  }
  return out;
}

/**
 * Starts HAProxy on docker/haproxy.cfg in front of `apiPorts`, with a fresh self-signed certificate in
 * `<workDir>/certs`, and waits until it accepts connections on both ports. Resolves its ports, the
 * certificate (PEM, to trust in a client) and stop().
 */
export async function startHaproxy({ apiPorts, workDir }) {
  const missing = haproxyMissing();
  if (missing) throw new Error(missing);
  const certDir = path.join(workDir, 'certs');
  const { certificate } = selfSignedCertificate(certDir);
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const cfgFile = path.join(workDir, 'haproxy.cfg');
  fs.writeFileSync(cfgFile, localConfig({ httpPort, httpsPort, apiPorts, certDir }));
  const check = spawnSync(HAPROXY, ['-c', '-f', cfgFile], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy -c refused the configuration:\n${check.stdout}${check.stderr}`);
  let log = '';
  const child = spawn(HAPROXY, ['-db', '-f', cfgFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let gone = false;
  void exited.then(() => (gone = true));
  await waitFor(async () => (await portTaken(httpPort)) && (await portTaken(httpsPort)), {
    timeoutMs: 10000,
    what: 'haproxy listening',
    abort: () => (gone ? `haproxy exited:\n${log}` : null),
  });
  return {
    httpPort,
    httpsPort,
    certificate,
    log: () => log,
    async stop() {
      if (!gone) child.kill('SIGTERM');
      await exited;
    },
  };
}
