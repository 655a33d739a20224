import { resolve } from 'node:path';
import { pgliteFolders, startStack } from '@freemarket/testing/stack';

/**
 * `npm start`: the whole platform in one process on embedded parts (PGlite under ./data, the
 * in-process bus, in-memory sessions), the gateway on http://localhost:5000.
 */
const port = Number(process.env.PORT ?? 5000);
const dataDir = resolve(process.env.FREEMARKET_DATA_DIR ?? 'data');

const started = Date.now();
console.log(`Starting FreeMarket (data in ${dataDir})...`);
const stack = await startStack({ port, databaseUrl: pgliteFolders(dataDir), logLevel: process.env.LOG_LEVEL ?? 'warn', seedDemoData: true }).catch((err: unknown) => {
  const code = (err as { code?: string }).code;
  console.error(code === 'EADDRINUSE' ? `Port ${port} is already in use: stop what runs there, or start with PORT=<other>.` : err);
  process.exitCode = 1;
  return null;
});
if (!stack) process.exit();
console.log(`\nFreeMarket is running at ${stack.url}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
console.log('Sign in with any email on the development sign-in page. Press Ctrl-C to stop.\n');

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping FreeMarket...`);
  await stack.stop();
  console.log('Stopped. Your data is kept in', dataDir);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
