import type { Rollup } from 'vite';

/** The build's index.html entry chunk; `plugin` names the caller in the error when there is none. */
export function entryChunk(bundle: Rollup.OutputBundle, plugin: string): Rollup.OutputChunk {
  const entry = Object.values(bundle).find((f): f is Rollup.OutputChunk => f.type === 'chunk' && f.isEntry && !!f.facadeModuleId?.endsWith('index.html'));
  if (!entry) throw new Error(`${plugin}: the index.html entry chunk was not found`);
  return entry;
}

/** A chunk with every chunk it imports statically, and their styles (file names in the bundle). */
export function staticGraph(bundle: Rollup.OutputBundle, fileName: string): { chunks: Set<string>; css: Set<string> } {
  const chunks = new Set<string>();
  const css = new Set<string>();
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (chunks.has(name) || !chunk || chunk.type !== 'chunk') return;
    chunks.add(name);
    for (const c of chunk.viteMetadata?.importedCss ?? []) css.add(c);
    chunk.imports.forEach(visit);
  };
  visit(fileName);
  return { chunks, css };
}
