import { describe, it, type RunnerTask, type RunnerTaskResult, type SuiteCollector, type TestFunction, type TestOptions } from 'vitest';
import { getCurrentSuite } from 'vitest/suite';
import { LABELS, type Component } from './infra-discovery.js';
import { resolvedInfra } from './infra-handoff.js';

/** `it` with the two forms the suite uses: a timeout after the body, or options before it. */
export interface NeededTest {
  (name: string, fn: TestFunction, timeout?: number): void;
  (name: string, options: TestOptions, fn: TestFunction): void;
}

export interface Needed {
  /** A block whose tests all need the component; its hooks run only when they run. */
  describe(name: string, fn: () => void): void;
  it: NeededTest;
}

/** The note a skipped test carries; vitest's default reporter prints it beside the test's name. */
function noteOn(tasks: ReadonlyArray<RunnerTask | SuiteCollector>, note: string): void {
  for (const task of tasks) {
    if (task.type === 'test') {
      // The runner keeps a skipped test's note on its result, and reporters read it there, though
      // the type does not declare it.
      const skipped: RunnerTaskResult & { note: string } = { state: 'skip', note };
      task.result = skipped;
    } else if (task.type === 'suite') {
      noteOn(task.tasks, note);
    } else if (task.type === 'collector') {
      // A nested block collects its tests only after this one's body returns.
      const collect = task.collect;
      task.collect = async (file) => {
        const suite = await collect(file);
        noteOn(suite.tasks, note);
        return suite;
      };
    }
  }
}

/**
 * Declares that tests mean something only against a real component: Redis shared by instances,
 * JetStream, Postgres itself, or a nats-server this test kills and restarts. When the run has the
 * component they run as written. When it has the embedded part instead they are skipped, before
 * any of their hooks run, with "needs <component>: <why>" shown in the run's output. With
 * REQUIRE_INFRA=1 a missing component fails the file instead, so CI never skips.
 *
 *   needs('redis', 'rate-limit counters shared by gateway instances').it('should …', async () => { … });
 *   needs(['postgres', 'nats'], 'instances in other processes on one database and stream').describe('…', () => { … });
 */
export function needs(what: Component | readonly Component[], why: string): Needed {
  const infra = resolvedInfra();
  const missing = (typeof what === 'string' ? [what] : what).filter((c) => infra[c].at === null);
  if (missing.length === 0) return { describe: (name, fn) => describe(name, fn), it };
  const names = missing.map((c) => LABELS[c].name).join(' and ');
  const note = `needs ${names}: ${why}`;
  if (process.env.REQUIRE_INFRA === '1') {
    const reasons = missing.map((c) => `${LABELS[c].name}: ${infra[c].how}`).join('; ');
    throw new Error(`REQUIRE_INFRA=1, but ${names} ${missing.length === 1 ? 'is' : 'are'} not real (${reasons}); a test ${note}`);
  }
  return {
    describe(name, fn) {
      describe(name, { skip: true }, () => {
        fn();
        noteOn(getCurrentSuite().tasks, note);
      });
    },
    it(name: string, first: TestFunction | TestOptions) {
      it(name, { ...(typeof first === 'object' ? first : {}), skip: true }, () => undefined);
      noteOn(getCurrentSuite().tasks.slice(-1), note);
    },
  };
}
