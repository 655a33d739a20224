import { startDistributedStack } from './distributed-stack.js';

/**
 * Distributed mode on one machine (`npm run distributed`): every service instance its own process,
 * as the containers run, on the Postgres, NATS and Redis named by the variables or on their
 * default local addresses. Ctrl-C stops every instance and drops the run's database.
 */
const stack = await startDistributedStack({
  postgresUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  logLevel: process.env.LOG_LEVEL ?? 'warn',
  output: 'inherit',
  gatewayPort: Number(process.env.PORT ?? 5000),
});
for (const i of stack.instances) console.log(`${i.name.padEnd(12)} pid ${String(i.pid).padEnd(8)} ${i.url}`);
console.log(`\nOpen ${stack.gatewayUrls[0]} (sign in there: it is PUBLIC_URL). Try: kill -9 <pid of directory-1>. Ctrl-C stops everything.`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  console.log('stopping…');
  void stack.stop().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
