import { createRequire } from 'node:module';
import path from 'node:path';
import type { Alias } from 'vite';

/**
 * React Router 7's package exports name only its development files, whatever the build (an open upstream
 * bug, remix-run/react-router#14102), so a production bundle ran its development warnings: extra checks and
 * messages built on every render. Its production files ship beside them, identical but for that flag:
 * builds resolve React Router to them.
 */
export function reactRouterProduction(fromDir: string): Alias[] {
  const dist = path.join(path.dirname(createRequire(path.join(fromDir, 'package.json')).resolve('react-router/package.json')), 'dist', 'production');
  return [
    { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
  ];
}
