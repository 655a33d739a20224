import { randomBytes } from 'node:crypto';
import { generateAssertionKeys } from '@freemarket/kit';

/**
 * Prints the secrets distributed mode needs, as .env lines for docker compose:
 *   node --import tsx scripts/generate-keys.ts > .env
 */
const keys = await generateAssertionKeys();
const oneLine = (pem: string) => JSON.stringify(pem.trim()).slice(1, -1);
process.stdout.write(
  [
    `ASSERTION_PRIVATE_KEY="${oneLine(keys.privateKeyPem)}"`,
    `ASSERTION_PUBLIC_KEY="${oneLine(keys.publicKeyPem)}"`,
    `OIDC_CLIENT_SECRET=${randomBytes(24).toString('base64url')}`,
    '',
  ].join('\n'),
);
