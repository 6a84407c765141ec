import { Injectable, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { DomainError } from './domain-error.js';

/** Validates and strips input with a zod schema from libs/contracts; the first issue names the field. */
@Injectable()
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const parsed = this.schema.safeParse(value ?? {});
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    let field = issue?.path.map(String).join('.') || undefined;
    if (issue?.code === 'unrecognized_keys') field = issue.keys[0];
    throw new DomainError('VALIDATION_FAILED', field || 'body');
  }
}
