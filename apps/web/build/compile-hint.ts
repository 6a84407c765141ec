import type { Plugin } from 'vite';

/** Chrome's explicit compile hint; other browsers read it as a comment. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks chunks with Chrome's explicit compile hint: V8 compiles every function of a marked file while the
 * file streams in, on a background thread, instead of each one on the main thread the first time it is
 * called, which a load's long tasks were full of. A page's chunks run as they arrive (the entry, the
 * framework, the page and its features), so they are marked; the chunks named in `onDemand`, libraries a
 * page calls now and then (zod for a form's check, say), are not: compiling all of them would be wasted.
 * The hint must open the file, so it is added last, after Vite's own preamble (`__vite__mapDeps`).
 */
export function compileHint(onDemand: readonly string[]): Plugin {
  const skip = new Set(onDemand);
  return {
    name: 'candor-compile-hint',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After every other plugin's generateBundle, Vite's preamble included.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          // The app's modules, under assets/; not the service worker (a thread of its own) nor the offline page's script.
          if (chunk.type !== 'chunk' || !chunk.fileName.startsWith('assets/') || skip.has(chunk.name)) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // One more line at the top: the lines of the source map (an asset of its own by now) start one later.
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset') {
            const json = JSON.parse(String(map.source)) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
        }
      },
    },
  };
}
