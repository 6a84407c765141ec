import type { PublicBlockedCountries } from '@candor/contracts';

/** `GET /api/app-info`: the server's version (the about page shows it beside the app's). */
export interface AppInfo {
  version: string;
  locales: string[];
  defaultLocale: string;
  supportHours?: string;
  /** The key this browser subscribes to Web Push with; null when the server has push off. */
  vapidPublicKey?: string | null;
  /** The countries the platform does not serve and the operators' message, in the asked language. */
  blockedCountries?: PublicBlockedCountries;
}
