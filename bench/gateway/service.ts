import { AssertionVerifier, createApp, createLogger, requireActor } from '@freemarket/kit';

/**
 * The benchmark's upstream: a service built like every FreeMarket service, with one trivial
 * authenticated route. Run as a child process by run.ts.
 */
const verifier = await AssertionVerifier.fromPem(process.env.ASSERTION_PUBLIC_KEY!);
const app = createApp({ logger: createLogger('bench-rewards', process.env.LOG_LEVEL ?? 'info'), verifier });
app.get('/api/rewards/balance', { config: { memberOnly: true } }, async (req) => ({ userId: requireActor(req).userId, balance: 120 }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.once('SIGTERM', () => void app.close());
