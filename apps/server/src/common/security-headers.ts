import helmet from 'helmet';

/** Features no page of ours uses: a script that gets in cannot turn them on either. */
const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()';

/** A Host header: a name or IPv4 address, or a bracketed IPv6 address, and an optional port. */
const HOST = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/;

/** An origin in its canonical form (scheme, host, port unless the scheme's default), or null for anything else. */
function canonicalOrigin(s: string): string | null {
  try {
    const url = new URL(s);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * What a page may connect to: its own origin (`'self'`, which CSP Level 3 browsers also match for ws: and wss:
 * on the same host), and each configured origin with its WebSocket twin (https -> wss, http -> ws). No bare
 * scheme: a script that got in cannot open a socket to a host of its choosing.
 */
export function connectSources(allowedOrigins: readonly string[]): string[] {
  const out = ["'self'"];
  for (const entry of allowedOrigins) {
    const origin = canonicalOrigin(entry);
    if (!origin || out.includes(origin)) continue;
    out.push(origin, origin.replace(/^http/, 'ws'));
  }
  return out;
}

/**
 * The security headers of every answer, HTTP and socket.io alike, as one fixed map. Helmet decides
 * them (its options never change, so its output is computed once, here) and Permissions-Policy is added.
 */
export function securityHeaders(allowedOrigins: readonly string[] = []): Readonly<Record<string, string>> {
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: connectSources(allowedOrigins),
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        // Only an office whose operator turned the map embed on renders this frame; nothing else is framed.
        frameSrc: ['https://www.openstreetmap.org'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  let failed: unknown;
  middleware({} as never, res as never, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  headers['Permissions-Policy'] = PERMISSIONS_POLICY;
  return Object.freeze(headers);
}

/**
 * The headers of a JSON answer under /api: what still means something for a response no browser renders as
 * a page (as OWASP's REST cheat sheet lists them). The document-only ones (the page's CSP sources,
 * Permissions-Policy, COOP, Origin-Agent-Cluster, X-XSS-Protection, ...) are left to the HTML; each header
 * costs Node two validations per answer, and on the hottest reads the full set cost a sixth of the throughput.
 */
export function apiSecurityHeaders(): Readonly<Record<string, string>> {
  const all = securityHeaders();
  const keep = ['Strict-Transport-Security', 'X-Content-Type-Options', 'Referrer-Policy', 'Cross-Origin-Resource-Policy'];
  const headers: Record<string, string> = { 'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'", 'X-Frame-Options': 'DENY' };
  for (const name of keep) {
    const value = all[name];
    if (value === undefined) throw new Error(`security headers: helmet no longer sets ${name}`);
    headers[name] = value;
  }
  return Object.freeze(headers);
}

/**
 * The same headers without Strict-Transport-Security, for an answer that went out over plain HTTP: HSTS is for
 * answers the browser received over HTTPS only (RFC 6797 §7.2), so a deployment without TLS never tells anyone
 * to insist on it. Behind a TLS-terminating proxy the api learns the scheme from X-Forwarded-Proto (TRUST_PROXY).
 */
export function plainHttpHeaders(h: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  return Object.freeze(Object.fromEntries(Object.entries(h).filter(([name]) => name.toLowerCase() !== 'strict-transport-security')));
}

/** A header map with lower-case names, as Node and Fastify keep them. */
export function lowerCaseHeaders(h: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([name, value]) => [name.toLowerCase(), value]));
}

/** The scheme the browser used: https over TLS, or as the one trusted proxy's X-Forwarded-Proto says (its last entry). */
export function requestScheme(forwardedProto: string | string[] | undefined, encrypted: boolean, trustProxy: boolean): 'http' | 'https' {
  let scheme: 'http' | 'https' = encrypted ? 'https' : 'http';
  if (trustProxy && typeof forwardedProto === 'string') {
    const proto = forwardedProto.split(',').at(-1)!.trim().toLowerCase();
    if (proto === 'http' || proto === 'https') scheme = proto;
  }
  return scheme;
}

/**
 * The api's own origin as the browser reached it: the request's Host, with https when the connection is TLS
 * or, behind the one trusted proxy (TRUST_PROXY), when its X-Forwarded-Proto says so (the last entry, the one
 * that proxy wrote, as Fastify reads it). Null without a usable Host.
 */
export function requestOrigin(host: string | undefined, forwardedProto: string | string[] | undefined, encrypted: boolean, trustProxy: boolean): string | null {
  if (!host) return null;
  const scheme = requestScheme(forwardedProto, encrypted, trustProxy);
  // A Host with a path, credentials or anything else in it names no origin.
  return HOST.test(host) ? canonicalOrigin(`${scheme}://${host}`) : null;
}

/**
 * True when a browser's Origin may open a socket: no Origin (not a browser), the api's own origin (scheme and
 * host alike: an http page may not talk to the https api), or one of the configured full origins.
 */
export function originAllowed(origin: string | undefined, own: string | null, allowed: readonly string[]): boolean {
  if (!origin) return true;
  const o = canonicalOrigin(origin);
  if (!o) return false;
  return o === own || allowed.some((a) => canonicalOrigin(a) === o);
}
