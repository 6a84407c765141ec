import type { FastifyReply, FastifyRequest } from 'fastify';

/** The request and reply the api's controllers, guards and filters see (the api runs on Nest's Fastify platform). */
export type HttpRequest = FastifyRequest;
export type HttpReply = FastifyReply;

/** The global prefix of the api's routes (`/api/...`); bootstrap.ts sets it, the OpenAPI builder mirrors it. */
export const API_PREFIX = 'api';

/** Where the api serves the built console (its Vite `base`); the queues dashboard links back to it. */
export const CONSOLE_PATH = '/console/';
