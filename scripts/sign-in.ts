import { parseArgs } from 'node:util';
import { BrowserSession, signInWithDevProvider } from '@freemarket/testing';

/**
 * Scripted sign-in against the development provider: prints a Cookie header to use with curl.
 *   node --import tsx scripts/sign-in.ts --email ada@example.com --first Ada --last Lovelace
 */
const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:5000' },
    email: { type: 'string', default: 'ada@example.com' },
    first: { type: 'string', default: 'Ada' },
    last: { type: 'string', default: 'Lovelace' },
  },
});
const session = new BrowserSession(values.url);
await signInWithDevProvider(session, { email: values.email, firstName: values.first, lastName: values.last });
process.stdout.write(`Cookie: ${session.cookieHeader()}\n`);
