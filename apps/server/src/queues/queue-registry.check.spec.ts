import { describe, expect, it } from '@jest/globals';
import { checkRegistry } from './queue-registry.check.js';
import { QUEUES } from '@candor/cross-process';

describe('queue registry check', () => {
  it('accepts the real registry when every queue has a processor', () => {
    expect(checkRegistry(QUEUES, new Set(Object.values(QUEUES).map((q) => q.name)))).toEqual([]);
  });
  it('names a queue without a processor', () => {
    expect(checkRegistry({ a: { name: 'qa', jobs: { x: 'x' } } }, new Set())).toEqual(['queue qa has no processor']);
  });
  it('names a job name used twice', () => {
    const problems = checkRegistry({ a: { name: 'qa', jobs: { x: 'same' } }, b: { name: 'qb', jobs: { y: 'same' } } }, new Set(['qa', 'qb']));
    expect(problems).toEqual(['job name same is used by qa and qb']);
  });
});
