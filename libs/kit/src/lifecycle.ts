import closeWithGrace from 'close-with-grace';
import type { Logger } from './logger.js';

/**
 * For `bin.ts`: starts a service and stops it cleanly on SIGINT/SIGTERM (draining requests and
 * consumers), or on a crash. Never calls process.exit itself.
 */
export async function runUntilSignal(name: string, logger: Logger, start: () => Promise<{ destroy(): Promise<void> }>): Promise<void> {
  let handle: { destroy(): Promise<void> } | undefined;
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) logger.error({ err }, `${name} crashed`);
    else logger.info({ signal }, `${name} shutting down`);
    await handle?.destroy();
  });
  try {
    handle = await start();
  } catch (err) {
    logger.fatal({ err }, `${name} failed to start`);
    process.exitCode = 1;
    await handle?.destroy();
    throw err;
  }
}
