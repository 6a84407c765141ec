import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

const LIBS = fileURLToPath(new URL('../../../libs/', import.meta.url));

/**
 * The shared libraries by package name, bundled from their sources (the packages' `exports` name the
 * compiled dist/ for Node). The web app and the console both use these; the subpaths are those of
 * libs/contracts/package.json and the apps' tsconfig `paths`.
 */
export const LIBRARY_ALIASES: Alias[] = [
  { find: /^@candor\/(domain|contracts|i18n)$/, replacement: `${LIBS}$1/src/index.ts` },
  // The zod-free modules an app shell (apps/web/src/lib/wire.ts), a content page or the chat badge loads without the package's schemas.
  { find: /^@candor\/contracts\/(paths|locales|errors|content-html|support-status)$/, replacement: `${LIBS}contracts/src/$1.ts` },
  // The translation files, which apps/web/src/lib/i18n.ts loads per locale with import.meta.glob.
  { find: '@candor/i18n/locales', replacement: `${LIBS}i18n/src/locales` },
];
