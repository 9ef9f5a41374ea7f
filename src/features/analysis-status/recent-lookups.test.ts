import { session } from '@/api/session';
import { createRecentLookups, maskCpfForList, recentLookups } from './recent-lookups';

describe('recent lookups', () => {
  it('keeps the newest first, without repeats, up to the limit', () => {
    const store = createRecentLookups(3);
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.getSnapshot().length));
    for (const cpf of ['11144477735', '52998224725', '11144477735', '98765432100', '12345678909'])
      store.add(cpf);
    expect(store.getSnapshot()).toEqual(['12345678909', '98765432100', '11144477735']);
    store.add('12345678909'); // already on top: no change, no notification
    expect(seen).toHaveLength(5);
  });

  it('forgets everything when the operator signs out', () => {
    session.signIn('sandbox-operator');
    recentLookups.add('52998224725');
    expect(recentLookups.getSnapshot()).toEqual(['52998224725']);
    session.signOut();
    expect(recentLookups.getSnapshot()).toEqual([]);
  });

  it('masks all but the last four digits', () => {
    expect(maskCpfForList('52998224725')).toBe('***.***.*47-25');
  });
});
