// The baseline: a bare Fastify route returning fixed bytes from memory.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = process.env.BODY ?? '{}';
app.get('/bare', (_req, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(process.env.PORT ?? 3492), host: '127.0.0.1' });
