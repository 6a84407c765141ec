import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { OpenAPIObject } from '@nestjs/swagger';
import { ERROR_CODES } from '@candor/contracts';
import { generateOpenApiDocument } from './generate.js';
import { openApiJson } from './openapi.js';

const COMMITTED = new URL('../../../../docs/openapi.json', import.meta.url);
const PACKAGE = new URL('../../../../package.json', import.meta.url);

type Json = Record<string, unknown>;
interface Param {
  name: string;
  in: string;
  required?: boolean;
  schema?: Json;
}
interface Op {
  summary?: string;
  tags?: string[];
  parameters?: Param[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Json }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Json }> }>;
  security?: Record<string, string[]>[];
}

/** The first line where two texts differ, to say where the committed file is behind. */
function firstDifference(a: string, b: string): string {
  const [x, y] = [a.split('\n'), b.split('\n')];
  const i = x.findIndex((line, n) => line !== y[n]);
  const at = i === -1 ? x.length : i;
  return `line ${at + 1}: generated ${JSON.stringify(x[at] ?? '(end)')}, committed ${JSON.stringify(y[at] ?? '(end)')}`;
}

describe('the OpenAPI description (docs/openapi.json)', () => {
  let doc: OpenAPIObject;
  let json: string;
  const op = (path: string, method: string): Op => {
    const found = (doc.paths[path] as Record<string, Op> | undefined)?.[method];
    if (!found) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
    return found;
  };

  beforeAll(async () => {
    doc = await generateOpenApiDocument();
    json = openApiJson(doc);
  });

  it('is the committed file, byte for byte', () => {
    const committed = readFileSync(COMMITTED, 'utf8');
    if (json !== committed) {
      throw new Error(
        `docs/openapi.json is not what the code describes (${firstDifference(json, committed)}): run \`npm run openapi\` and commit docs/openapi.json`,
      );
    }
  });

  it('is stable, pretty-printed JSON ending with a newline, versioned as package.json', async () => {
    expect(openApiJson(await generateOpenApiDocument())).toBe(json);
    expect(json.endsWith('}\n')).toBe(true);
    expect(json.split('\n')[1]).toBe('  "openapi": "3.0.3",');
    const version = (JSON.parse(readFileSync(PACKAGE, 'utf8')) as { version: string }).version;
    expect(doc.info.version).toBe(version);
  });

  it('POST /api/orders: the body schema of placeOrderBody, the Idempotency-Key header, 201, user token, its errors', () => {
    const place = op('/api/orders', 'post');
    expect(place.tags).toEqual(['trading']);
    expect(place.summary).toBe('Place an order');
    const body = place.requestBody!.content['application/json']!.schema as {
      properties: Record<string, Json>;
      required: string[];
      additionalProperties: boolean;
    };
    expect(Object.keys(body.properties)).toEqual(['symbol', 'direction', 'amount', 'durationSeconds', 'account']);
    // The input side: `account` may be left out (it defaults to "real").
    expect(body.required).toEqual(['symbol', 'direction', 'amount', 'durationSeconds']);
    expect(body.properties.direction).toEqual({ type: 'string', enum: ['up', 'down'] });
    expect(body.properties.account).toMatchObject({ enum: ['real', 'demo'], default: 'real' });
    expect(body.properties.durationSeconds).toMatchObject({ type: 'integer', maximum: 86400 });
    expect(body.additionalProperties).toBe(false);
    const key = place.parameters?.find((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
    expect(key).toMatchObject({ required: false, schema: { type: 'string', maxLength: 128 } });
    expect(Object.keys(place.responses)).toEqual(['201', '400', '401', '403', '409', '422']);
    expect(place.responses['409']!.description).toContain('IDEMPOTENCY_KEY_REUSED');
    for (const code of ['INSUFFICIENT_BALANCE', 'MARKET_CLOSED', 'MARKET_DATA_STALE', 'AMOUNT_OUT_OF_RANGE', 'EXPIRY_NOT_OFFERED']) {
      expect(place.responses['422']!.description).toContain(code);
    }
    expect(place.responses['422']!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    expect(place.security).toEqual([{ user: [] }]);
  });

  it('GET /api/products/{symbol}/ticks: public, the symbol path parameter and the from/to query', () => {
    const ticks = op('/api/products/{symbol}/ticks', 'get');
    expect(ticks.tags).toEqual(['market']);
    expect(ticks.security).toEqual([]);
    expect(ticks.parameters?.map((p) => `${p.in}:${p.name}:${p.required ? 'required' : 'optional'}`)).toEqual([
      'path:symbol:required',
      'query:from:optional',
      'query:to:optional',
      'query:lang:optional',
    ]);
    expect(ticks.responses['200']!.description).toContain('TickRecord');
    expect(Object.keys(ticks.responses)).toEqual(['200', '400', '404']);
  });

  it('the error envelope: { error: { code, message, field? } } with every error code, INSUFFICIENT_BALANCE and MARKET_DATA_STALE among them', () => {
    const envelope = doc.components?.schemas?.ErrorEnvelope as {
      required: string[];
      properties: { error: { required: string[]; properties: Record<string, Json> } };
    };
    expect(envelope.required).toEqual(['error']);
    expect(envelope.properties.error.required).toEqual(['code', 'message']);
    expect(Object.keys(envelope.properties.error.properties)).toEqual(['code', 'message', 'field', 'requestId', 'unlockAt', 'holdUntil', 'enrollmentToken']);
    const codes = envelope.properties.error.properties.code!.enum as string[];
    expect(codes).toEqual(ERROR_CODES);
    expect(codes).toEqual(expect.arrayContaining(['INSUFFICIENT_BALANCE', 'MARKET_DATA_STALE']));
  });

  it('operator routes use the operator scheme, user routes the user scheme, public routes none', () => {
    expect(Object.keys(doc.components?.securitySchemes ?? {}).sort()).toEqual(['operator', 'user']);
    expect(op('/api/admin/products/{symbol}', 'patch').security).toEqual([{ operator: [] }]);
    expect(op('/api/admin/products/{symbol}', 'patch').responses['403']!.description).toContain('FORBIDDEN');
    expect(op('/api/me', 'get').security).toEqual([{ user: [] }]);
    expect(op('/api/auth/sessions/{id}', 'delete').security).toEqual([{ user: [] }]);
    expect(op('/api/auth/login', 'post').security).toEqual([]);
    expect(op('/api/health', 'get').security).toEqual([]);
  });

  it('every operation states its security, and the document names its server (what OpenAPI linters require)', () => {
    const unstated = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { security?: unknown }>)
        .filter(([, o]) => !Array.isArray(o.security))
        .map(([method]) => `${method} ${path}`),
    );
    expect(unstated).toEqual([]);
    expect(doc.servers?.map((s) => s.url)).toEqual(['/']);
  });

  it('the success status of each route: 201 by default for POST, else what @HttpCode says', () => {
    expect(Object.keys(op('/api/auth/register', 'post').responses)[0]).toBe('201');
    expect(Object.keys(op('/api/auth/login', 'post').responses)[0]).toBe('200');
    expect(Object.keys(op('/api/auth/logout', 'post').responses)).toEqual(['204']);
    expect(Object.keys(op('/api/me/password', 'post').responses)[0]).toBe('204');
    expect(Object.keys(op('/api/demo/reset', 'post').responses)[0]).toBe('200');
  });

  it("query parameters come from the route's zod schema (input side)", () => {
    const orders = op('/api/orders', 'get');
    expect(orders.parameters?.find((p) => p.name === 'status')).toMatchObject({
      in: 'query',
      required: false,
      schema: { enum: ['open', 'settled', 'voided'] },
    });
    expect(orders.parameters?.find((p) => p.name === 'limit')).toMatchObject({ schema: { type: 'integer', minimum: 1, maximum: 100 } });
    const candles = op('/api/products/{symbol}/candles', 'get');
    expect(candles.parameters?.find((p) => p.name === 'interval')).toMatchObject({ schema: { enum: ['1m', '5m', '15m', '1h', '1d'], default: '1m' } });
    // `from` is parsed into epoch milliseconds by the schema: the client sends a string.
    expect(candles.parameters?.find((p) => p.name === 'from')).toMatchObject({ schema: { type: 'string', maxLength: 40 } });
  });
});
