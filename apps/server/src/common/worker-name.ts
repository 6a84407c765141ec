import { hostname } from 'node:os';

/** This process's name on the jobs it processes (BullMQ's `processedBy`, shown by /ops/queues): which worker settled what. */
export const WORKER_NAME = `${hostname()}:${process.pid}`;
