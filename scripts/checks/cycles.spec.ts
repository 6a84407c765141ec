import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import { cyclesOf, featureOf, findCycles, folderGraph } from './cycles.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

describe('featureOf', () => {
  it.each([
    ['apps/server/src/orders/settlement/settle-plan.ts', 'apps/server/src/orders'],
    ['apps/server/src/api.module.ts', 'apps/server/src/api.module.ts'],
    ['apps/web/src/pages/index/IndexPage.tsx', 'apps/web/src/pages'],
    ['libs/domain/src/money.ts', 'libs/domain/src/money.ts'],
  ])('%s -> %s', (file, feature) => expect(featureOf(file)).toBe(feature));
});

describe('cyclesOf', () => {
  it.each([
    ['none', { a: ['b'], b: ['c'], c: [] }, []],
    ['two nodes', { a: ['b'], b: ['a'] }, [['a', 'b']]],
    ['three nodes and a tail', { a: ['b'], b: ['c'], c: ['a', 'd'], d: [] }, [['a', 'b', 'c']]],
    [
      'two separate cycles',
      { a: ['b'], b: ['a'], c: ['d'], d: ['c'] },
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
  ])('%s', (_name, edges, cycles) => expect(cyclesOf(graph(edges)).sort()).toEqual(cycles));

  it('folder level: files of one folder importing each other are no cycle; two folders importing each other are', () => {
    const files = graph({
      'apps/x/src/a/one.ts': ['apps/x/src/a/two.ts', 'apps/x/src/b/three.ts'],
      'apps/x/src/a/two.ts': ['apps/x/src/a/one.ts'],
      'apps/x/src/b/three.ts': [],
      'apps/x/src/b/four.ts': ['apps/x/src/a/two.ts'],
    });
    expect(cyclesOf(folderGraph(files))).toEqual([['apps/x/src/a', 'apps/x/src/b']]);
  });
});

describe('the repository', () => {
  it('has no import cycle between files or feature folders', async () => {
    const { files, fileCycles, folderCycles } = await findCycles(ROOT);
    expect(files).toBeGreaterThan(300);
    expect({ fileCycles, folderCycles }).toEqual({ fileCycles: [], folderCycles: [] });
  });

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-cycles-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('a deliberate cycle in a tree laid out like ours is found, at both levels', async () => {
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(tmp, file)), { recursive: true });
      fs.writeFileSync(path.join(tmp, file), text);
    };
    write('tsconfig.spec.json', JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' } }));
    write('apps/x/src/a/one.ts', `import { two } from '../b/two.js';\nexport const one = () => two;\n`);
    write('apps/x/src/b/two.ts', `import { one } from '../a/one.js';\nexport const two = () => one;\n`);
    write('apps/x/src/c/p.ts', `import { q } from '../d/q.js';\nexport const p = q;\n`);
    write('apps/x/src/d/q.ts', `export const q = 1;\n`);
    write('apps/x/src/d/r.ts', `import { s } from '../c/s.js';\nexport const r = s;\n`);
    write('apps/x/src/c/s.ts', `export const s = 2;\n`);
    const { fileCycles, folderCycles } = await findCycles(tmp, ['apps/x/src']);
    expect(fileCycles).toEqual([['apps/x/src/a/one.ts', 'apps/x/src/b/two.ts']]);
    expect(folderCycles.sort()).toEqual([
      ['apps/x/src/a', 'apps/x/src/b'],
      ['apps/x/src/c', 'apps/x/src/d'],
    ]);
  });
});
