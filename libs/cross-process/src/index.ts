// Every name the server processes share through Redis: BullMQ queues and jobs, keys, pub/sub
// channels and the socket.io adapter's server-to-server events. Nothing else spells them.
export * from './queues.js';
export * from './redis.js';
