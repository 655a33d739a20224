import type { Logger } from '@freemarket/kit';

/** How long an instance is passed over after it could not be reached; doubled for each further failure in a row. */
export const FIRST_COOL_DOWN_MS = 1000;
export const MAX_COOL_DOWN_MS = 30_000;

interface Trouble {
  /** Failures in a row, each after a cool-down ended (or the first). */
  failures: number;
  markedAt: number;
  downUntil: number;
}

/**
 * Passive health of one service's instances: real requests find out, nothing probes. An instance
 * that refused a connection, or did not accept one in time, is down for a cool-down; when it ends,
 * the next request in turn tries it again. Any answer, whatever its status, means it is up.
 */
export class InstanceHealth {
  private readonly troubled = new Map<string, Trouble>();

  constructor(
    private readonly service: string,
    private readonly logger: Logger,
    readonly now: () => number = Date.now,
  ) {}

  readonly isUp = (instance: string): boolean => {
    if (this.troubled.size === 0) return true;
    const trouble = this.troubled.get(instance);
    return trouble === undefined || trouble.downUntil <= this.now();
  };

  /** A connection to `instance` was refused or timed out: nothing reached it. */
  connectFailed(instance: string): void {
    const now = this.now();
    const trouble = this.troubled.get(instance) ?? { failures: 0, markedAt: now, downUntil: 0 };
    // Requests in flight when it went down fail together: that is one outage, not several.
    if (trouble.downUntil > now) return;
    trouble.failures += 1;
    trouble.markedAt = now;
    const coolDownMs = Math.min(FIRST_COOL_DOWN_MS * 2 ** (trouble.failures - 1), MAX_COOL_DOWN_MS);
    trouble.downUntil = now + coolDownMs;
    this.troubled.set(instance, trouble);
    if (trouble.failures === 1) this.logger.warn({ service: this.service, instance, coolDownMs }, 'upstream instance is not reachable; skipping it');
    else this.logger.debug({ service: this.service, instance, coolDownMs, failures: trouble.failures }, 'upstream instance still not reachable');
  }

  /** `instance` answered a request sent at `sentAt`. */
  answered(instance: string, sentAt: number): void {
    if (this.troubled.size === 0) return;
    const trouble = this.troubled.get(instance);
    // An answer to a request sent before the failure says nothing: a draining instance still
    // answers what it had while refusing new connections.
    if (trouble === undefined || sentAt < trouble.markedAt) return;
    this.troubled.delete(instance);
    this.logger.info({ service: this.service, instance }, 'upstream instance is reachable again');
  }
}
