import helmet from 'helmet';

/** Features no page of ours uses: a script that gets in cannot turn them on either. */
const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()';

/**
 * The security headers of every answer, HTTP and socket.io alike, as one fixed map. Helmet decides
 * them (its options never change, so its output is computed once, here) and Permissions-Policy is added.
 */
export function securityHeaders(): Readonly<Record<string, string>> {
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
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

/** A header map with lower-case names, as Node and Fastify keep them. */
export function lowerCaseHeaders(h: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([name, value]) => [name.toLowerCase(), value]));
}

/** True when a browser's Origin may open a socket: no Origin (not a browser), the same host, or a configured origin. */
export function originAllowed(origin: string | undefined, host: string | undefined, allowed: readonly string[]): boolean {
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
