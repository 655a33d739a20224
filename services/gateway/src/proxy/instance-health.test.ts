import { describe, expect, it } from 'vitest';
import type { Logger } from '@freemarket/kit';
import { InstanceHealth } from './instance-health.js';
import { roundRobin } from './round-robin.js';

const A = 'http://a:5004';
const B = 'http://b:5004';

function healthAt(): { health: InstanceHealth; advance(ms: number): void; logs: { level: string; msg: string }[] } {
  let now = 1_000_000;
  const logs: { level: string; msg: string }[] = [];
  const record = (level: string) => (_fields: object, msg: string) => void logs.push({ level, msg });
  const logger = { warn: record('warn'), info: record('info'), debug: record('debug') } as unknown as Logger;
  return { health: new InstanceHealth('messaging', logger, () => now), advance: (ms) => (now += ms), logs };
}

describe(InstanceHealth.name, () => {
  it('should pass over an unreachable instance for a cool-down that doubles with each failure in a row, up to 30 s', () => {
    const { health, advance } = healthAt();
    const coolDowns: number[] = [];
    for (let i = 0; i < 7; i++) {
      health.connectFailed(A);
      let waited = 0;
      while (!health.isUp(A)) {
        advance(250);
        waited += 250;
      }
      coolDowns.push(waited);
    }
    expect(coolDowns).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(health.isUp(B)).toBe(true);
  });

  it('should count failures of requests already in flight as the same outage', () => {
    const { health, advance } = healthAt();
    health.connectFailed(A);
    health.connectFailed(A);
    health.connectFailed(A);
    advance(1000);
    expect(health.isUp(A)).toBe(true);
  });

  it('should start over from the first cool-down once the instance answers again', () => {
    const { health, advance } = healthAt();
    health.connectFailed(A);
    advance(1000);
    health.connectFailed(A);
    advance(2000);
    health.answered(A, health.now());
    health.connectFailed(A);
    advance(999);
    expect(health.isUp(A)).toBe(false);
    advance(1);
    expect(health.isUp(A)).toBe(true);
  });

  it('should not take an answer to a request sent before the failure as the instance being back', () => {
    const { health, advance } = healthAt();
    const sentAt = health.now();
    advance(5);
    health.connectFailed(A);
    health.answered(A, sentAt);
    expect(health.isUp(A)).toBe(false);
  });

  it('should warn once when an instance goes down and tell when it is back', () => {
    const { health, advance, logs } = healthAt();
    health.connectFailed(A);
    advance(1000);
    health.connectFailed(A);
    advance(2000);
    health.answered(A, health.now());
    expect(logs.filter((l) => l.level !== 'debug')).toEqual([
      { level: 'warn', msg: 'upstream instance is not reachable; skipping it' },
      { level: 'info', msg: 'upstream instance is reachable again' },
    ]);
  });

  it('should let the round robin pass over a down instance, and still name one when all are down', () => {
    const { health } = healthAt();
    const pick = roundRobin([A, B], health.isUp);
    health.connectFailed(A);
    expect([pick(), pick(), pick()]).toEqual([B, B, B]);
    health.connectFailed(B);
    expect([A, B]).toContain(pick());
  });
});
