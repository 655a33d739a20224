import { describe, expect, it } from 'vitest';
import { cpuCount, cpuLimitOf } from './cpu-limit.js';

const file = (contents: string) => () => contents;
const noFile = () => {
  throw Object.assign(new Error('ENOENT: no such file or directory'), { code: 'ENOENT' });
};

describe(cpuLimitOf.name, () => {
  it('should read a cgroup v2 cpu.max quota as whole CPUs, rounded up', () => {
    expect(cpuLimitOf('200000 100000\n')).toBe(2);
    expect(cpuLimitOf('150000 100000\n')).toBe(2);
    expect(cpuLimitOf('50000 100000\n')).toBe(1);
    expect(cpuLimitOf('400000 100000')).toBe(4);
  });

  it('should see no limit in "max" or in contents it does not understand', () => {
    expect(cpuLimitOf('max 100000\n')).toBeNull();
    expect(cpuLimitOf('')).toBeNull();
    expect(cpuLimitOf('200000')).toBeNull();
    expect(cpuLimitOf('0 100000')).toBeNull();
    expect(cpuLimitOf('200000 0')).toBeNull();
  });
});

describe(cpuCount.name, () => {
  it('should take the container’s CPU limit when it is below the cores', () => {
    expect(cpuCount(file('200000 100000\n'), 8)).toBe(2);
    expect(cpuCount(file('150000 100000\n'), 8)).toBe(2);
  });

  it('should take the cores when the limit is above them, or there is none', () => {
    expect(cpuCount(file('1600000 100000\n'), 8)).toBe(8);
    expect(cpuCount(file('max 100000\n'), 8)).toBe(8);
    expect(cpuCount(noFile, 8)).toBe(8);
  });

  it('should never go below one process', () => {
    expect(cpuCount(file('1000 100000\n'), 8)).toBe(1);
    expect(cpuCount(file('max 100000\n'), 0)).toBe(1);
  });
});
