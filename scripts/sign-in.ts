import { parseArgs } from 'node:util';
import { BrowserSession, signInWithDevProvider } from '@freemarket/testing';

const USAGE = `Signs in through the development provider and prints a Cookie header for curl.

  node --import tsx scripts/sign-in.ts [--url http://localhost:5000] [--email ada@example.com] [--first Ada] [--last Lovelace]

  curl -H "$(node --import tsx scripts/sign-in.ts)" http://localhost:5000/api/auth/user
`;

function readOptions() {
  try {
    return parseArgs({
      options: {
        url: { type: 'string', default: 'http://localhost:5000' },
        email: { type: 'string', default: 'ada@example.com' },
        first: { type: 'string', default: 'Ada' },
        last: { type: 'string', default: 'Lovelace' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (err) {
    // An unknown or incomplete option: say which, then how to call it, without a stack trace.
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    process.exit(2);
  }
}

const options = readOptions();
if (options.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
try {
  const session = new BrowserSession(options.url);
  await signInWithDevProvider(session, { email: options.email, firstName: options.first, lastName: options.last });
  process.stdout.write(`Cookie: ${session.cookieHeader()}\n`);
} catch (err) {
  const code = err instanceof Error && err.cause instanceof Error ? ` (${(err.cause as NodeJS.ErrnoException).code ?? err.cause.message})` : '';
  process.stderr.write(`Sign-in at ${options.url} failed: ${err instanceof Error ? err.message : String(err)}${code}\n(Is FreeMarket running there, with the development provider on? npm start enables it.)\n`);
  process.exit(1);
}
