import { describe, expect, it } from '@jest/globals';
import { apiSecurityHeaders, originAllowed, securityHeaders } from './security-headers.js';

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

  it('let a socket open from no browser, the same host or a configured origin only', () => {
    expect(originAllowed(undefined, 'api.example:443', [])).toBe(true);
    expect(originAllowed('https://api.example', 'api.example', [])).toBe(true);
    expect(originAllowed('https://evil.example', 'api.example', [])).toBe(false);
    expect(originAllowed('https://app.example', 'api.example', ['https://app.example'])).toBe(true);
    expect(originAllowed('not a url', 'api.example', [])).toBe(false);
  });
});
