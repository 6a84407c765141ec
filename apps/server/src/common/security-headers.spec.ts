import { describe, expect, it } from '@jest/globals';
import { originAllowed, securityHeaders } from './security-headers.js';

describe('security headers', () => {
  it('are helmet’s fixed set plus Permissions-Policy', () => {
    const h = securityHeaders();
    expect(h['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(h['X-Content-Type-Options']).toBe('nosniff');
    expect(h['Permissions-Policy']).toContain('camera=()');
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
