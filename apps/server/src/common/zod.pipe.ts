import { Injectable, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { isStorableText } from '@candor/contracts';
import { DomainError } from './domain-error.js';

/** The path of the first string in a parsed body or query that is no storable text (a control character, a lone surrogate). */
export function unstorableTextPath(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path.join('.') || 'body';
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, v] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, key].join('.');
    const found = unstorableTextPath(v, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Validates and strips input with a zod schema from libs/contracts; the first issue names the field. */
@Injectable()
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    // Before the schema: no schema lets such text reach the database, whatever its other rules.
    const bad = unstorableTextPath(value);
    if (bad !== null) throw new DomainError('VALIDATION_FAILED', bad);
    const parsed = this.schema.safeParse(value ?? {});
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    let field = issue?.path.map(String).join('.') || undefined;
    if (issue?.code === 'unrecognized_keys') field = issue.keys[0];
    throw new DomainError('VALIDATION_FAILED', field || 'body');
  }
}
