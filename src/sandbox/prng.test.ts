// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createRandom, mulberry32 } from './prng';

describe('mulberry32', () => {
  it('repeats the same sequence for the same seed and differs for another seed', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    const c = mulberry32(8);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
    for (const value of first) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});

describe('createRandom', () => {
  it('keeps int within bounds and pick within the list', () => {
    const random = createRandom(1);
    for (let i = 0; i < 1000; i += 1) {
      const value = random.int(3, 5);
      expect(value === 3 || value === 4 || value === 5).toBe(true);
      expect(['a', 'b']).toContain(random.pick(['a', 'b']));
    }
    expect(() => random.pick([])).toThrow(RangeError);
  });
});
