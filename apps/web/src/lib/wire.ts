/**
 * The zod-free parts of `@candor/contracts` that the app shell needs at start-up. Importing
 * the package index would also evaluate its runtime schemas (and pull zod into the first
 * bundle); pages that validate with those schemas import `@candor/contracts` themselves.
 * Types can always come from `@candor/contracts` with `import type`.
 */
export { API, ADMIN_AUTH } from '@candor/contracts/paths';
export { LOCALES, DEFAULT_LOCALE, isLocale, type Locale } from '@candor/contracts/locales';
export { ERROR_STATUS, ERROR_CODES, type ErrorCode, type ErrorEnvelope } from '@candor/contracts/errors';
