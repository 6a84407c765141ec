// The baseline of bench:reads: a bare Fastify server (the Fastify the api runs on, no Nest, no hooks)
// answering each path of BODIES_FILE (JSON: { "/path": "body text" }) with that exact text as
// application/json, encoded once (as the api keeps its product list). Run as a child process so it has an event loop of its own, as the api does.
// env: PORT, BODIES_FILE
import fs from 'node:fs';
import Fastify from 'fastify';

const bodies = JSON.parse(fs.readFileSync(process.env.BODIES_FILE, 'utf8'));
const app = Fastify({ logger: false });
for (const [url, text] of Object.entries(bodies)) {
  const body = Buffer.from(text);
  app.get(url, (_req, reply) => {
    void reply.type('application/json; charset=utf-8').send(body);
  });
}
app.get('/api/health', (_req, reply) => reply.send({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log(`bare reads server listening on ${process.env.PORT}`);
