import fastifyMultipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { UPLOAD_MAX_BYTES } from '@candor/contracts';
import { DomainError } from '../common/domain-error.js';
import type { HttpRequest } from '../common/http.js';

/** A multipart form as read: text fields by name, and each file's bytes by field name. */
export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
}

/** Text fields are short (a name, an ID number, a chat line); anything longer is refused, never cut. */
export const MULTIPART_FIELD_MAX_BYTES = 4096;

/**
 * The api-wide ceilings; each read narrows them to its own form (readMultipartForm). Files are read into
 * memory, at most UPLOAD_MAX_BYTES each, and never written to a temporary directory.
 */
export const MULTIPART_OPTIONS: FastifyMultipartOptions = {
  throwFileSizeLimit: true,
  limits: {
    fileSize: UPLOAD_MAX_BYTES,
    files: 4,
    fields: 16,
    parts: 20,
    fieldSize: MULTIPART_FIELD_MAX_BYTES,
    fieldNameSize: 64,
    headerPairs: 20,
  },
};

/** Registers @fastify/multipart on the api (bootstrap.ts), so routes may read `multipart/form-data` bodies. */
export async function installMultipart(app: NestFastifyApplication): Promise<void> {
  await app.register(fastifyMultipart as never, MULTIPART_OPTIONS);
}

/**
 * Reads a multipart form with exactly the named files and fields, each at most once. A file over
 * UPLOAD_MAX_BYTES is UPLOAD_TOO_LARGE on its field (reason too_large); a non-multipart body, an unknown part,
 * a repeated name, an over-long field or a form over the limits is VALIDATION_FAILED (on the part's name, or
 * `body`). An absent file or field is simply missing from the answer: the caller decides.
 */
export async function readMultipartForm(req: HttpRequest, spec: { files: readonly string[]; fields: readonly string[] }): Promise<MultipartForm> {
  if (!req.isMultipart()) throw new DomainError('VALIDATION_FAILED', 'body');
  const form: MultipartForm = { fields: {}, files: {} };
  const limits = {
    files: spec.files.length,
    fields: spec.fields.length,
    parts: spec.files.length + spec.fields.length,
  };
  let current = 'body';
  try {
    for await (const part of req.parts({ limits })) {
      current = part.fieldname;
      if (part.type === 'file') {
        if (!spec.files.includes(part.fieldname) || Object.hasOwn(form.files, part.fieldname)) throw new DomainError('VALIDATION_FAILED', part.fieldname);
        form.files[part.fieldname] = await part.toBuffer();
      } else {
        const known = spec.fields.includes(part.fieldname) && !Object.hasOwn(form.fields, part.fieldname);
        if (!known || typeof part.value !== 'string' || part.valueTruncated || part.fieldnameTruncated) {
          throw new DomainError('VALIDATION_FAILED', part.fieldname);
        }
        form.fields[part.fieldname] = part.value;
      }
      current = 'body';
    }
  } catch (err) {
    discardRest(req);
    throw asDomainError(err, current);
  }
  return form;
}

/** The multipart plugin's and the parser's errors as the api's own. */
function asDomainError(err: unknown, field: string): DomainError {
  if (err instanceof DomainError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const part = (err as { part?: { fieldname?: string } }).part;
    return new DomainError('UPLOAD_TOO_LARGE', part?.fieldname ?? field, {}, { reason: 'too_large' });
  }
  // Limits (parts, files, fields), a prototype name, a JSON field, malformed or truncated multipart data.
  return new DomainError('VALIDATION_FAILED', field === 'body' ? 'body' : field);
}

/**
 * After a refusal the rest of the body is read and dropped, so the answer reaches the client instead of the
 * upload stalling on a parser nobody reads any more.
 */
function discardRest(req: HttpRequest): void {
  if (req.raw.readableEnded) return;
  req.raw.unpipe();
  req.raw.resume();
}
