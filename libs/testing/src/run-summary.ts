import type { Reporter, TestModule } from 'vitest/node';

/**
 * A reporter that closes the run with one line of counts, failures included when there are none,
 * and how many tests skipped for want of a real component (their notes start "needs …", see
 * needs.ts), so a green run on a bare machine says plainly how much it left out.
 */
export default class RunSummary implements Reporter {
  async onTestRunEnd(testModules: ReadonlyArray<TestModule>): Promise<void> {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const wanting = new Map<string, number>();
    let brokenFiles = 0;
    for (const module of testModules) {
      if (module.state() === 'failed' && module.errors().length > 0) brokenFiles++;
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed++;
        else if (result.state === 'failed') failed++;
        else if (result.state === 'skipped') {
          skipped++;
          const component = /^needs ([^:]+):/.exec(result.note ?? '')?.[1];
          if (component) wanting.set(component, (wanting.get(component) ?? 0) + 1);
        }
      }
    }
    const needed = [...wanting].map(([component, n]) => `${component} ${n}`).join(', ');
    const parts = [`${passed} passed`, `${failed} failed`, `${skipped} skipped`];
    if (brokenFiles > 0) parts.push(`${brokenFiles} file${brokenFiles === 1 ? '' : 's'} failed to run`);
    // vitest hands the end of the run to every reporter at once, and the default one prints its
    // summary in the same turn; waiting one turn puts this line after it, at the very end.
    await new Promise((resolve) => setImmediate(resolve));
    console.log(`Tests: ${parts.join(', ')}${needed ? ` (needing a real component: ${needed})` : ''}`);
  }
}
