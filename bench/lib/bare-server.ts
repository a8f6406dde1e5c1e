// The baseline of `npm run bench:api`: a bare Fastify route answering a small JSON body, in a process of its
// own like the service, so both are measured the same way by the same load generator.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'success', data: { ok: true } }));
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.send?.({ address });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
