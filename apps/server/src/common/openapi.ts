import { applyDecorators, Body, Headers, Query } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ErrorCode } from '@candor/contracts';
import type { z } from 'zod';
import { IDEMPOTENCY_HEADER } from './idempotency.js';
import { ZodPipe } from './zod.pipe.js';

/**
 * Decorators that validate a route's input and describe the route in the OpenAPI description
 * (docs/openapi.json, `GET /api/openapi.json`, built by ../openapi/openapi.ts) at once, so each
 * schema is named once. What the routing metadata already says is not repeated here: the document
 * builder reads the guards (bearer security, 401, 403), `@RateLimit` (429), `@HttpCode` (the success
 * status) and the validated inputs (400) itself.
 */

/** The features, one OpenAPI tag each (the sections of the API description). */
export const FEATURES = {
  auth: 'Registration, login, access and refresh tokens, sessions',
  account: "The signed-in user's profile, summary and passwords",
  market: 'Products, candles and the public tick record (no token needed)',
  trading: 'Orders and the demo account',
  wallet: 'Balances, capital records and the withdrawal account',
  earn: "Yu'e Bao: balance earning, its transfers, records and income",
  content: 'The home page, app information and static pages',
  health: 'Liveness of the api and its databases',
  admin: 'The operator console (operator tokens only)',
} as const;
export type Feature = keyof typeof FEATURES;

/** The OpenAPI tag of a controller's routes. */
export const ApiFeature = (feature: Feature): ClassDecorator => ApiTags(feature);

/** The request body, validated by `schema` (ZodPipe); the same schema is the documented request body. */
export const ZodBody = (schema: z.ZodType): ParameterDecorator => Body({ schema, pipes: [new ZodPipe(schema)] });

/** The query string, validated by `schema` (ZodPipe); each of its properties is a documented query parameter. */
export const ZodQuery = (schema: z.ZodType): ParameterDecorator => Query({ schema, pipes: [new ZodPipe(schema)] });

/** The optional `Idempotency-Key` header of a money-moving POST (common/idempotency.ts), documented. */
export const IdempotencyKey = (): ParameterDecorator => (target, key, index) => {
  Headers(IDEMPOTENCY_HEADER)(target, key, index);
  const descriptor = key === undefined ? undefined : Object.getOwnPropertyDescriptor(target, key);
  if (!key || !descriptor) throw new Error('@IdempotencyKey() decorates a parameter of a route handler');
  ApiHeader({
    name: IDEMPOTENCY_HEADER,
    required: false,
    description:
      'Optional. The same key with the same body answers the first response again (with `Idempotent-Replayed: true`); ' +
      'with another body, 409 IDEMPOTENCY_KEY_REUSED. 1 to 128 printable ASCII characters, kept for a day.',
    schema: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[\\x21-\\x7e]{1,128}$' },
  })(target, key, descriptor);
};

/** What `@Doc` records for the document builder besides the summary. */
export interface RouteDoc {
  /** The success body: a zod schema (documented as its JSON Schema), the name of its type in libs/contracts, or `image` (a JPEG). */
  ok?: z.ZodType | string;
  /** A route that may also answer 202 Accepted: the name of that body's type in libs/contracts. */
  accepted?: string;
  /** Error codes this route answers beyond those the builder derives from its metadata. */
  errors?: ErrorCode[];
  /** A multipart/form-data body (read by uploads/multipart.ts, not by a pipe): its text fields and its image files, all required. */
  multipart?: { fields: Record<string, 'string'>; files: readonly string[] };
}
export const ROUTE_DOC = 'candor:openapi:route';

/**
 * A route's summary (and longer description), its success body and the error codes of its own
 * rules. `@Doc('Place an order', { ok: 'Order', errors: ['MARKET_CLOSED'] })`
 */
export const Doc = (summary: string, doc: RouteDoc & { description?: string } = {}): MethodDecorator => {
  const { description, ...route } = doc;
  return applyDecorators(
    ApiOperation({ summary, ...(description ? { description } : {}) }),
    (_target: object, _key: string | symbol, descriptor: PropertyDescriptor) => {
      Reflect.defineMetadata(ROUTE_DOC, route, descriptor.value as object);
    },
  );
};

/** The `@Doc` options of a route handler, if any. */
export function routeDoc(handler: Function): RouteDoc | undefined {
  return Reflect.getMetadata(ROUTE_DOC, handler) as RouteDoc | undefined;
}
