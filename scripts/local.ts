import { resolve } from 'node:path';
import { DataFolderLockedError, LocalDatabaseError, lockDataFolder } from '@freemarket/db';
import { ConfigError } from '@freemarket/kit';
import { pgliteFolders, startStack } from '@freemarket/testing/stack';

/**
 * `npm start`: the whole platform in one process on embedded parts (PGlite under ./data, the
 * in-process bus, in-memory sessions), the gateway on http://localhost:5000.
 */
const port = Number(process.env.PORT ?? 5000);
const dataDir = resolve(process.env.FREEMARKET_DATA_DIR ?? 'data');
const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET } = process.env;
// Stripe's test keys, when given, take the place of the development provider; commerce checks them.
const stripe =
  STRIPE_SECRET_KEY || STRIPE_PUBLISHABLE_KEY || STRIPE_WEBHOOK_SECRET
    ? { secretKey: STRIPE_SECRET_KEY ?? '', publishableKey: STRIPE_PUBLISHABLE_KEY ?? '', webhookSecret: STRIPE_WEBHOOK_SECRET ?? '' }
    : undefined;

// One FreeMarket per data folder: a second one would write the same databases.
try {
  lockDataFolder(dataDir);
} catch (err) {
  console.error(err instanceof DataFolderLockedError ? err.message : err);
  process.exit(1);
}

const started = Date.now();
console.log(`Starting FreeMarket (data in ${dataDir})...`);
const stack = await startStack({ port, databaseUrl: pgliteFolders(dataDir), logLevel: process.env.LOG_LEVEL ?? 'warn', seedDemoData: true, stripe }).catch((err: unknown) => {
  const code = (err as { code?: string }).code;
  // A setting's mistake, or a local database to delete, needs its message, not a stack trace.
  console.error(
    code === 'EADDRINUSE'
      ? `Port ${port} is already in use: stop what runs there, or start with PORT=<other>.`
      : err instanceof ConfigError || err instanceof LocalDatabaseError
        ? err.message
        : err,
  );
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
