/** A fresh TOTP code of `secret` (default: the seeded admin's) that this browser-test run has not used yet. */
export function freshTotp(secret?: string): Promise<string>;
