import { readFileSync } from 'node:fs';
import type { INestApplication, Type } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ERROR_CODES, ERROR_STATUS, OPERATOR_ROLES, rolesWith, type ErrorCode, type ErrorEnvelope, type OperatorPermission } from '@candor/contracts';
import { OperatorAuthGuard, PERMISSION_KEY, UserAuthGuard } from '../auth/auth.guard.js';
import { RATE_LIMIT_KEY, RateLimitGuard } from '../auth/rate-limit.guard.js';
import { API_PREFIX, JSON_CONTENT_TYPE } from '../common/http.js';
import { IDEMPOTENCY_HEADER } from '../common/idempotency.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { FEATURES, routeDoc } from '../common/openapi.js';

/**
 * The api's OpenAPI description, built by @nestjs/swagger from the controllers and completed here from
 * what Nest's metadata already says (guards -> security and 401/403/429, zod pipes -> bodies, queries and
 * 400, `@Doc` -> summaries, success bodies and error codes), so nothing is written twice.
 * `npm run openapi` writes it to docs/openapi.json; the api serves it at `GET /api/openapi.json`.
 */

/** Where the running api serves the document (the global prefix is `api`, see bootstrap.ts). */
export const OPENAPI_PATH = `/${API_PREFIX}/openapi.json`;

/** The error envelope every error answer carries, typed against the contract's ErrorEnvelope. */
const errorEnvelope: z.ZodType<ErrorEnvelope> = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string().describe('In the language asked for (Accept-Language or ?lang=)'),
    field: z.string().optional().describe('The input at fault, when one is'),
    requestId: z.string().optional().describe('Also in the X-Request-Id header and the server log line'),
    unlockAt: z.string().optional().describe('TRADE_PASSWORD_LOCKED: when the lock ends'),
    holdUntil: z.string().optional().describe('WITHDRAWAL_HOLD_ACTIVE: when the hold ends'),
    enrollmentToken: z.string().optional().describe('TOTP_REQUIRED for an admin without TOTP yet: starts the enrolment (10 minutes)'),
  }),
});

const STATUS_MEANING: Record<number, string> = {
  400: 'Malformed or invalid input',
  401: 'No or bad token',
  403: 'Not allowed',
  404: 'Not found (also for another user’s resources)',
  409: 'Conflict',
  422: 'A business rule refused it',
  429: 'Rate limited',
  500: 'Server error',
};
const SUCCESS_MEANING: Record<string, string> = { '200': 'OK', '201': 'Created', '204': 'No content' };

type JsonSchema = Record<string, unknown>;

/** A zod schema as an OpenAPI 3.0 schema: `input` describes what a client may send, `output` what it gets. */
export function zodJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io, target: 'openapi-3.0', unrepresentable: 'throw' }) as JsonSchema;
  return json;
}

function isZodSchema(schema: unknown): schema is z.ZodType {
  return typeof schema === 'object' && schema !== null && (schema as { '~standard'?: { vendor?: string } })['~standard']?.vendor === 'zod';
}

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

interface Route {
  controller: Type;
  handler: Function;
}

/** Every route handler of the app's controllers, by the operationId given to it (`Controller_method`). */
function routesById(app: INestApplication): Map<string, Route> {
  const routes = new Map<string, Route>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller) continue;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
        const id = operationId(controller.name, name);
        if (routes.has(id) && routes.get(id)!.handler !== handler) throw new Error(`two routes are named ${id}: rename one controller`);
        routes.set(id, { controller, handler });
      }
    }
  }
  return routes;
}

const operationId = (controller: string, method: string) => `${controller}_${method}`;

function metadata<T>(key: string, route: Route): T | undefined {
  return (Reflect.getMetadata(key, route.handler) as T | undefined) ?? (Reflect.getMetadata(key, route.controller) as T | undefined);
}

/** The guards of a route: its controller's, then its own. */
function guardsOf(route: Route): unknown[] {
  return [
    ...((Reflect.getMetadata(GUARDS_METADATA, route.controller) as unknown[]) ?? []),
    ...((Reflect.getMetadata(GUARDS_METADATA, route.handler) as unknown[]) ?? []),
  ];
}

interface RouteArg {
  schema?: unknown;
  pipes?: unknown[];
}

/** The roles that hold the permission a console route names (none when it names none: the guard refuses everyone then). */
function permissionRoles(route: Route): string[] {
  const permission = metadata<OperatorPermission>(PERMISSION_KEY, route);
  return permission ? rolesWith(permission) : [];
}

interface Operation {
  operationId?: string;
  description?: string;
  'x-permission'?: OperatorPermission;
  parameters?: { name: string; in: string }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: { required?: string[] } & Record<string, unknown> }> };
  responses: Record<string, { description?: string; content?: unknown }>;
  security?: Record<string, string[]>[];
}

/** The error codes a route answers: those its `@Doc` names and those its metadata implies. */
function errorCodes(route: Route, op: Operation, path: string): Set<ErrorCode> {
  const codes = new Set<ErrorCode>(routeDoc(route.handler)?.errors ?? []);
  const guards = guardsOf(route);
  const args = Object.values((Reflect.getMetadata(ROUTE_ARGS_METADATA, route.controller, route.handler.name) as Record<string, RouteArg>) ?? {});
  const idempotent = op.parameters?.some((p) => p.in === 'header' && p.name === IDEMPOTENCY_HEADER) ?? false;
  if (args.some((a) => a.schema !== undefined || a.pipes?.some((pipe) => pipe instanceof ZodPipe)) || idempotent) codes.add('VALIDATION_FAILED');
  if (guards.includes(UserAuthGuard) || guards.includes(OperatorAuthGuard)) codes.add('UNAUTHENTICATED');
  if (guards.includes(OperatorAuthGuard) && permissionRoles(route).length < OPERATOR_ROLES.length) codes.add('FORBIDDEN');
  if (guards.includes(RateLimitGuard) && metadata<string>(RATE_LIMIT_KEY, route)) codes.add('RATE_LIMITED');
  if (path.includes('{')) codes.add('NOT_FOUND');
  if (routeDoc(route.handler)?.multipart) codes.add('VALIDATION_FAILED');
  if (idempotent) codes.add('IDEMPOTENCY_KEY_REUSED');
  return codes;
}

function completeOperation(op: Operation, route: Route, path: string): void {
  const guards = guardsOf(route);
  // A public route says so (`security: []`), so a client generator never guesses a token for it.
  op.security = guards.includes(UserAuthGuard) ? [{ user: [] }] : guards.includes(OperatorAuthGuard) ? [{ operator: [] }] : [];
  if (guards.includes(OperatorAuthGuard)) {
    const permission = metadata<OperatorPermission>(PERMISSION_KEY, route);
    const note = `Permission \`${permission ?? '(none)'}\`: roles ${permissionRoles(route).join(', ') || '(none)'}.`;
    op.description = op.description ? `${op.description}\n\n${note}` : note;
    // Machine-readable too: the console's role matrix test reads it.
    if (permission) op['x-permission'] = permission;
  }

  const ok = routeDoc(route.handler)?.ok;
  const accepted = routeDoc(route.handler)?.accepted;
  const multipart = routeDoc(route.handler)?.multipart;
  if (multipart) op.requestBody = multipartBody(multipart);
  if (accepted) op.responses['202'] = { description: `Accepted: \`${accepted}\` (libs/contracts)` };
  for (const [status, response] of Object.entries(op.responses)) {
    if (status === '202' && accepted) continue;
    if (!/^2\d\d$/.test(status)) continue;
    if (ok === 'image') {
      response.description = 'The image, re-encoded as JPEG (`Cache-Control: no-store`, `X-Content-Type-Options: nosniff`)';
      response.content = { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } };
    } else if (typeof ok === 'string') response.description = `\`${ok}\` (libs/contracts)`;
    else if (ok) response.content = { 'application/json': { schema: zodJsonSchema(ok, 'output') } };
    if (!response.description) response.description = SUCCESS_MEANING[status] ?? 'Success';
  }

  const codes = errorCodes(route, op, path);
  for (const status of [...new Set(ERROR_CODES.map((c) => ERROR_STATUS[c]))].sort((a, b) => a - b)) {
    const these = ERROR_CODES.filter((c) => codes.has(c) && ERROR_STATUS[c] === status);
    if (!these.length) continue;
    op.responses[String(status)] = {
      description: `${STATUS_MEANING[status] ?? 'Error'}: ${these.map((c) => `\`${c}\``).join(', ')}`,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    };
  }
  if (op.parameters?.length === 0) delete op.parameters;
  // A body whose every field is optional may be left out (ZodPipe validates a missing body as {}).
  const json = op.requestBody?.content?.['application/json'];
  if (op.requestBody && json && !json.schema?.required?.length) op.requestBody.required = false;
}

/** A multipart/form-data request body: text fields and image files (JPEG, PNG or WebP, at most 8 MB each). */
function multipartBody(m: NonNullable<ReturnType<typeof routeDoc>>['multipart'] & object): NonNullable<Operation['requestBody']> {
  const properties: Record<string, unknown> = {};
  for (const name of Object.keys(m.fields)) properties[name] = { type: 'string' };
  for (const name of m.files)
    properties[name] = { type: 'string', format: 'binary', description: 'A JPEG, PNG or WebP image of at most 8 MB (checked by content)' };
  return { required: true, content: { 'multipart/form-data': { schema: { type: 'object', required: [...Object.keys(m.fields), ...m.files], properties } } } };
}

/** The OpenAPI document of a Nest app built from the api's controllers (the live api, or ./generate.ts's stub). */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setOpenAPIVersion('3.0.3')
    .setTitle('Candor API')
    .setDescription(
      'The Candor api under `/api`. docs/api-changelog.md in the repository lists its conventions and what changed when. ' +
        'Money is a decimal string with two decimals, times are ISO 8601 UTC. Errors are `{ error: { code, message, field?, requestId? } }`, ' +
        'translated by `Accept-Language` or `?lang=`. Generated from the code: `npm run openapi` writes docs/openapi.json.',
    )
    .setVersion(packageVersion())
    .setLicense('MIT', 'https://opensource.org/licenses/MIT')
    // Relative: the document describes whichever host serves it (its paths already start with /api).
    .addServer('/', 'The server that serves this document')
    .addBearerAuth({ type: 'http', description: 'A user access token (`POST /api/auth/login`, `POST /api/auth/refresh`)' }, 'user')
    .addBearerAuth({ type: 'http', description: 'An operator access token (`POST /api/admin/auth/login`, `POST /api/admin/auth/refresh`)' }, 'operator');
  for (const [name, description] of Object.entries(FEATURES)) builder.addTag(name, description);

  const document = SwaggerModule.createDocument(app, builder.build(), {
    operationIdFactory: operationId,
    standardSchemaConverter: (schema, { schemaType }) => (isZodSchema(schema) ? { schema: zodJsonSchema(schema, schemaType) } : undefined),
  });

  const routes = routesById(app);
  for (const [path, item] of Object.entries(document.paths)) {
    for (const op of Object.values(item as Record<string, Operation>)) {
      const route = op.operationId ? routes.get(op.operationId) : undefined;
      if (!route) throw new Error(`no route handler for the operation ${op.operationId ?? '(no operationId)'} at ${path}`);
      completeOperation(op, route, path);
    }
  }
  document.paths[OPENAPI_PATH] = {
    get: {
      operationId: 'openApiDocument',
      summary: 'This OpenAPI description of the api',
      tags: ['content'],
      security: [],
      responses: {
        '200': { description: 'The OpenAPI 3.0 document (the same as docs/openapi.json)', content: { 'application/json': { schema: { type: 'object' } } } },
      },
    },
  };
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ErrorEnvelope: zodJsonSchema(errorEnvelope, 'output') } };
  return document;
}

/** Object keys in a stable order (sorted; a schema's `properties` keep their declared order), so the file diffs well. */
function stable(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => stable(v));
  if (value === null || typeof value !== 'object') return value;
  const obj = value as Record<string, unknown>;
  const keys = key === 'properties' ? Object.keys(obj) : Object.keys(obj).sort();
  return Object.fromEntries(keys.map((k) => [k, stable(obj[k], k)]));
}

/** The document as written to docs/openapi.json: top-level fields in the usual order, keys sorted, pretty-printed, a final newline. */
export function openApiJson(document: OpenAPIObject): string {
  const { openapi, info, servers, tags, paths, components, ...rest } = stable(document) as OpenAPIObject;
  const ordered = { openapi, info, ...(servers?.length ? { servers } : {}), tags, paths, components, ...rest };
  if (ordered.info.contact && !Object.keys(ordered.info.contact).length) delete ordered.info.contact;
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/** Serves the document at `GET /api/openapi.json`, built from the running api on the first request. */
export function serveOpenApi(app: NestFastifyApplication): void {
  let json: string | undefined;
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  fastify.get(OPENAPI_PATH, async (_req, reply) => {
    json ??= openApiJson(createOpenApiDocument(app));
    return reply.type(JSON_CONTENT_TYPE).send(json);
  });
}
