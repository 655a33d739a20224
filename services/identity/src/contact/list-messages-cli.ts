/**
 * Prints the newest contact-form messages, newest first:
 *
 *   DATABASE_URL=postgres://… npm run contact:list -w @freemarket/identity -- [--limit 20] [--json]
 *
 * Reads the database named by DATABASE_URL (a `pglite:<dir>` folder too, while no service holds it open).
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { openDatabase } from '@freemarket/db';
import { databaseUrl, parseConfig, readEnvVars } from '@freemarket/kit';
import type { ContactMessageRow } from '../db/schema/index.js';
import { newestContactMessages } from './repository.js';

const argsSchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  json: z.boolean().default(false),
});

/** Strangers wrote this text: control characters (terminal escapes) are shown as `?`, line breaks and tabs kept. */
function printable(text: string): string {
  return text.replace(/[^\P{Cc}\n\t]/gu, '?');
}

/** One message as an operator reads it in a terminal. */
function formatContactMessage(row: ContactMessageRow): string {
  const sender = row.userId ? `${row.name} <${row.email}> (member ${row.userId})` : `${row.name} <${row.email}>`;
  return [`${row.createdAt.toISOString()}  ${row.id}`, `From:    ${printable(sender)}`, `Subject: ${printable(row.subject)}`, '', printable(row.message), ''].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { limit: { type: 'string' }, json: { type: 'boolean' } }, strict: true });
  const args = parseConfig(argsSchema, values);
  const env = parseConfig(z.object({ DATABASE_URL: databaseUrl }), readEnvVars(['DATABASE_URL'] as const));
  const database = await openDatabase({ url: env.DATABASE_URL, poolMax: 1 });
  try {
    const rows = await newestContactMessages(database.db, args.limit);
    if (args.json) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    else process.stdout.write(rows.length === 0 ? 'No contact messages.\n' : rows.map(formatContactMessage).join('\n'));
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
