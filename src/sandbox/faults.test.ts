// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { FaultRegistry, faultInputSchema } from './faults';

describe('FaultRegistry', () => {
  it('applies a fault once by default, then no more', () => {
    const faults = new FaultRegistry();
    faults.add({ endpoint: 'products', kind: '500' });
    expect(faults.take('allAccounts')).toBeUndefined();
    expect(faults.take('products')?.kind).toBe('500');
    expect(faults.take('products')).toBeUndefined();
  });

  it('counts `times` down per matching request, in the order faults were added', () => {
    const faults = new FaultRegistry();
    faults.add({ endpoint: 'cancelCard', kind: '503', times: 2 });
    faults.add({ endpoint: '*', kind: '429' });
    expect(faults.list()).toEqual([
      expect.objectContaining({ kind: '503', remaining: 2 }),
      expect.objectContaining({ kind: '429', remaining: 1 }),
    ]);
    expect(faults.take('cancelCard')?.kind).toBe('503');
    expect(faults.take('cancelCard')?.kind).toBe('503');
    expect(faults.take('cancelCard')?.kind).toBe('429');
    expect(faults.take('cancelCard')).toBeUndefined();
  });

  it('keeps a times: 0 fault until clear, and clear releases held requests', () => {
    const faults = new FaultRegistry();
    faults.add({ endpoint: '*', kind: 'hang', times: 0 });
    const held = faults.releaseSignal;
    for (let i = 0; i < 5; i += 1) expect(faults.take('products')?.kind).toBe('hang');
    expect(faults.list()[0]?.remaining).toBeNull();
    expect(held.aborted).toBe(false);
    expect(faults.clear()).toBe(1);
    expect(held.aborted).toBe(true);
    expect(faults.releaseSignal.aborted).toBe(false);
    expect(faults.take('products')).toBeUndefined();
  });

  it('refuses unknown endpoints, kinds and keys', () => {
    const faults = new FaultRegistry();
    expect(() => faults.add({ endpoint: 'products', kind: '500', times: -1 })).toThrow();
    expect(faults.list()).toEqual([]);
    // What `add` parses with; the control endpoint hands it untyped JSON.
    for (const input of [
      { endpoint: 'nope', kind: '500' },
      { endpoint: 'products', kind: '418' },
      { endpoint: 'products', kind: '500', time: 2 },
      { endpoint: 'products', kind: '500', times: 1.5 },
      { endpoint: 'products', kind: 'delay', delayMs: -1 },
    ]) {
      expect(faultInputSchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
    }
  });
});
