import { describe, expect, it } from '@jest/globals';
import type { Rollup } from 'vite';
import { compileHint } from './compile-hint.ts';

const chunk = (fileName: string, name: string, code: string) => ({ type: 'chunk', fileName, name, code });
const asset = (fileName: string, source: string) => ({ type: 'asset', fileName, source });

/** Runs the plugin's generateBundle on a bundle made of the parts it reads. */
function run(onDemand: string[], bundle: Record<string, ReturnType<typeof chunk> | ReturnType<typeof asset>>) {
  const hook = compileHint(onDemand).generateBundle as { handler: (o: unknown, b: Rollup.OutputBundle) => void };
  hook.handler.call({}, {}, bundle as unknown as Rollup.OutputBundle);
  return bundle;
}

describe('compileHint', () => {
  it('opens each app chunk with the hint and moves its source map a line down', () => {
    const b = run([], {
      'assets/page-1.js': chunk('assets/page-1.js', 'page', 'const __vite__mapDeps=1;\nexport{}'),
      'assets/page-1.js.map': asset('assets/page-1.js.map', JSON.stringify({ version: 3, sources: ['p.ts'], mappings: ';AAAA' })),
    });
    expect(b['assets/page-1.js']).toMatchObject({ code: '//# allFunctionsCalledOnLoad\nconst __vite__mapDeps=1;\nexport{}' });
    expect(JSON.parse((b['assets/page-1.js.map'] as { source: string }).source)).toEqual({ version: 3, sources: ['p.ts'], mappings: ';;AAAA' });
  });

  it('leaves the chunks named on demand, those outside assets/ and the assets alone', () => {
    const b = run(['zod'], {
      'assets/zod-1.js': chunk('assets/zod-1.js', 'zod', 'z'),
      'sw.js': chunk('sw.js', 'sw', 's'),
      'assets/index-1.css': asset('assets/index-1.css', 'body{}'),
    });
    expect(b['assets/zod-1.js']).toMatchObject({ code: 'z' });
    expect(b['sw.js']).toMatchObject({ code: 's' });
    expect(b['assets/index-1.css']).toMatchObject({ source: 'body{}' });
  });
});
