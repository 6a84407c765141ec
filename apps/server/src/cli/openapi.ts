import { generateOpenApiDocument } from '../openapi/generate.js';
import { openApiJson } from '../openapi/openapi.js';

/** `node apps/server/dist/cli/openapi.js`: prints the api's OpenAPI description (no database needed). */
process.stdout.write(openApiJson(await generateOpenApiDocument()));
