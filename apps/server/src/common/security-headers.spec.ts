import { describe, expect, it } from '@jest/globals';
import { apiSecurityHeaders, connectSources, originAllowed, plainHttpHeaders, requestOrigin, requestScheme, securityHeaders } from './security-headers.js';

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `));

describe('security headers', () => {
  it('are helmet’s fixed set plus Permissions-Policy', () => {
    const h = securityHeaders();
    expect(h['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(h['X-Content-Type-Options']).toBe('nosniff');
    expect(h['Permissions-Policy']).toContain('camera=()');
    expect(Object.isFrozen(h)).toBe(true);
  });

  it('of a JSON answer are the ones that mean something without a page: no sources, no framing, no sniffing', () => {
    const h = apiSecurityHeaders();
    expect(h['Content-Security-Policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(h['X-Content-Type-Options']).toBe('nosniff');
    expect(h['X-Frame-Options']).toBe('DENY');
    expect(h['Strict-Transport-Security']).toMatch(/^max-age=\d+/);
    expect(h['Referrer-Policy']).toBe('no-referrer');
    expect(h['Cross-Origin-Resource-Policy']).toBe('same-origin');
    expect(Object.keys(h)).toHaveLength(6);
    expect(Object.isFrozen(h)).toBe(true);
  });

  it('go out over plain HTTP without Strict-Transport-Security and change nothing else', () => {
    for (const all of [securityHeaders(), apiSecurityHeaders()]) {
      const plain = plainHttpHeaders(all);
      const { 'Strict-Transport-Security': hsts, ...rest } = all;
      expect(hsts).toMatch(/^max-age=\d+/);
      expect(plain).toEqual(rest);
      expect(Object.isFrozen(plain)).toBe(true);
    }
    expect(plainHttpHeaders({ 'strict-transport-security': 'max-age=1', 'x-frame-options': 'DENY' })).toEqual({ 'x-frame-options': 'DENY' });
  });

  it('take the scheme from TLS, or from the trusted proxy’s X-Forwarded-Proto only', () => {
    expect(requestScheme(undefined, false, false)).toBe('http');
    expect(requestScheme(undefined, true, false)).toBe('https');
    expect(requestScheme('https', false, false)).toBe('http');
    expect(requestScheme('https', false, true)).toBe('https');
    // The proxy appends its own entry last: a client's own earlier entry does not count.
    expect(requestScheme('https, http', false, true)).toBe('http');
    expect(requestScheme('HTTPS', false, true)).toBe('https');
    expect(requestScheme('gopher', false, true)).toBe('http');
    expect(requestScheme(['https', 'https'], false, true)).toBe('http');
  });

  it('let a page connect to its own origin and the configured ones only, sockets spelled out, no bare ws: or wss:', () => {
    expect(directive(securityHeaders()['Content-Security-Policy']!, 'connect-src')).toBe("connect-src 'self'");
    const csp = securityHeaders(['https://app.example', 'http://localhost:5173/', 'app.example', 'ftp://x.example'])['Content-Security-Policy']!;
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://app.example wss://app.example http://localhost:5173 ws://localhost:5173");
    expect(csp).not.toMatch(/(^|\s)wss?:(\s|;|$)/);
    expect(connectSources(['https://app.example:443', 'https://app.example'])).toEqual(["'self'", 'https://app.example', 'wss://app.example']);
  });

  it('let a socket open from no browser, the api’s own origin (scheme and host) or a configured origin only', () => {
    const own = 'https://api.example';
    expect(originAllowed(undefined, own, [])).toBe(true);
    expect(originAllowed('https://api.example', own, [])).toBe(true);
    expect(originAllowed('https://api.example:443', own, [])).toBe(true);
    expect(originAllowed('http://api.example', own, [])).toBe(false);
    expect(originAllowed('https://api.example:8443', own, [])).toBe(false);
    expect(originAllowed('https://evil.example', own, [])).toBe(false);
    expect(originAllowed('https://app.example', own, ['https://app.example'])).toBe(true);
    expect(originAllowed('http://app.example', own, ['https://app.example'])).toBe(false);
    // A configured entry without its scheme names no origin.
    expect(originAllowed('https://app.example', own, ['app.example'])).toBe(false);
    expect(originAllowed('not a url', own, [])).toBe(false);
    expect(originAllowed('null', own, [])).toBe(false);
    expect(originAllowed('https://api.example', null, [])).toBe(false);
  });

  it('take the api’s own origin from the Host, the connection, and X-Forwarded-Proto only behind the trusted proxy', () => {
    expect(requestOrigin('api.example', undefined, false, false)).toBe('http://api.example');
    expect(requestOrigin('api.example:443', undefined, true, false)).toBe('https://api.example');
    expect(requestOrigin('127.0.0.1:3000', 'https', false, false)).toBe('http://127.0.0.1:3000');
    expect(requestOrigin('api.example', 'https', false, true)).toBe('https://api.example');
    expect(requestOrigin('api.example', 'http, https', false, true)).toBe('https://api.example');
    expect(requestOrigin('api.example', 'gopher', true, true)).toBe('https://api.example');
    expect(requestOrigin('[::1]:3000', undefined, false, false)).toBe('http://[::1]:3000');
    expect(requestOrigin(undefined, undefined, false, false)).toBeNull();
    expect(requestOrigin('evil.example/path', undefined, false, false)).toBeNull();
    expect(requestOrigin('user@api.example', undefined, false, false)).toBeNull();
  });
});
