#!/usr/bin/env node
// `npm run check:cycles`: no import cycle between files, nor between feature folders. A feature
// folder is the first folder under an app's or a lib's src (apps/server/src/orders/** is one node);
// files directly in src/ are their own nodes. Prints each cycle and exits 1 when there is one.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

export const SOURCE_ROOTS = [
  'apps/server/src',
  'apps/web/src',
  'apps/console/src',
  'libs/domain/src',
  'libs/contracts/src',
  'libs/i18n/src',
  'libs/db/src',
  'libs/cross-process/src',
];

/** The node a file belongs to at folder level: `<root>/<first folder>`, or the file itself when it sits in the root. */
export function featureOf(file) {
  const m = /^((?:apps|libs)\/[^/]+\/src)\/([^/]+)\/.+$/.exec(file);
  return m ? `${m[1]}/${m[2]}` : file;
}

/** The strongly connected components with more than one node (Tarjan), each sorted, of `graph` (node -> deps). */
export function cyclesOf(graph) {
  let index = 0;
  const idx = new Map(),
    low = new Map(),
    stack = [],
    onStack = new Set(),
    out = [];
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) strong(v);
  return out;
}

/** Collapses a file graph into its feature folders, dropping edges inside one folder. */
export function folderGraph(files) {
  const g = new Map();
  for (const [file, deps] of files) {
    const from = featureOf(file);
    if (!g.has(from)) g.set(from, new Set());
    for (const d of deps) {
      const to = featureOf(d);
      if (to !== from) g.get(from).add(to);
    }
  }
  return g;
}

/** The files' import graph under `roots` (relative to `rootDir`), type-only imports included. */
export async function importGraph(rootDir, roots = SOURCE_ROOTS) {
  const res = await madge(
    roots.map((r) => path.join(rootDir, r)),
    {
      baseDir: rootDir,
      fileExtensions: ['ts', 'tsx'],
      tsConfig: path.join(rootDir, 'tsconfig.spec.json'),
      excludeRegExp: [/node_modules/, /\/dist\//],
      detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
    },
  );
  return new Map(Object.entries(res.obj()));
}

export async function findCycles(rootDir, roots) {
  const files = await importGraph(rootDir, roots);
  return { files: files.size, fileCycles: cyclesOf(files), folderCycles: cyclesOf(folderGraph(files)) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const { files, fileCycles, folderCycles } = await findCycles(rootDir, process.argv.slice(2).length ? process.argv.slice(2) : undefined);
  for (const c of fileCycles) console.log(`file cycle: ${c.join(' <-> ')}`);
  for (const c of folderCycles) console.log(`folder cycle: ${c.join(' <-> ')}`);
  console.log(`cycles: ${files} files, ${fileCycles.length} file cycles, ${folderCycles.length} folder cycles`);
  process.exit(fileCycles.length || folderCycles.length ? 1 : 0);
}
