import { forgetEveryMemoryStore } from '@/lib/memory-store';
import { createRecentLookups, maskCpfForList, recentLookups } from './recent-lookups';

describe('recent lookups', () => {
  it('keeps the newest first, without repeats, up to the limit', () => {
    const { store, add } = createRecentLookups(3);
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.get().length));
    for (const cpf of ['11144477735', '52998224725', '11144477735', '98765432100', '12345678909']) add(cpf);
    expect(store.get()).toEqual(['12345678909', '98765432100', '11144477735']);
    add('12345678909'); // already on top: no change, no notification
    expect(seen).toHaveLength(5);
  });

  it('is a memory store: emptied with the others when the operator signs out', () => {
    recentLookups.add('52998224725');
    expect(recentLookups.store.get()).toEqual(['52998224725']);
    forgetEveryMemoryStore();
    expect(recentLookups.store.get()).toEqual([]);
  });

  it('masks all but the last four digits', () => {
    expect(maskCpfForList('52998224725')).toBe('***.***.*47-25');
  });
});
