import { randomBytes } from 'node:crypto';
import { AssertionSigner, generateAssertionKeys } from '@freemarket/kit';

/**
 * Prints the secrets distributed mode needs, as .env lines for docker compose:
 *   node --import tsx scripts/generate-keys.ts > .env
 * The key id is the one the gateway logs and names in its assertions, to follow a key rotation
 * (docs/operations.md, "Rotating the assertion keys").
 */
const keys = await generateAssertionKeys();
const { kid } = await AssertionSigner.fromPem(keys.privateKeyPem);
const oneLine = (pem: string) => JSON.stringify(pem.trim()).slice(1, -1);
process.stdout.write(
  [
    `# assertion key id (kid): ${kid}`,
    `ASSERTION_PRIVATE_KEY="${oneLine(keys.privateKeyPem)}"`,
    `ASSERTION_PUBLIC_KEY="${oneLine(keys.publicKeyPem)}"`,
    `OIDC_CLIENT_SECRET=${randomBytes(24).toString('base64url')}`,
    '',
  ].join('\n'),
);
