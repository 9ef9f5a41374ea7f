import { registerUnsentWork } from '@/lib/unsent-work';
import { answerUnsentWorkQuestions, otherTabsUnsentWork } from './unsent-work-broadcast';

/** Two tabs of one browser: the channel of each is its own BroadcastChannel on the same name. */
const channel = () => new BroadcastChannel('cartoes-backoffice.unsent-work-test');

describe('unsent-work-broadcast', () => {
  it('a signed-in tab tells what it would lose, in kinds and counts only; a signed-out one says nothing', async () => {
    let signedIn = true;
    const save = vi.fn();
    const unregister = [
      registerUnsentWork('batch', () => ({ kind: 'batch', done: 4, total: 9 })),
      registerUnsentWork('journal', () => ({ kind: 'journal', count: 3, save })),
    ];
    const stop = answerUnsentWorkQuestions(
      () => signedIn,
      channel(),
      () => false,
    );
    try {
      expect(await otherTabsUnsentWork(100, channel())).toEqual([
        { kind: 'batch', done: 4, total: 9 },
        { kind: 'journal', count: 3 },
      ]);
      signedIn = false;
      expect(await otherTabsUnsentWork(100, channel())).toEqual([]);
      expect(save).not.toHaveBeenCalled();
    } finally {
      stop();
      for (const undo of unregister) undo();
    }
  });

  it('ignores answers to another question and answers of another shape', async () => {
    const liar = channel();
    liar.onmessage = (event: MessageEvent<{ id: string }>) => {
      liar.postMessage({ type: 'tell', id: 'not-this-question', work: [{ kind: 'draft' }] });
      liar.postMessage({ type: 'tell', id: event.data.id, work: [{ kind: 'batch', done: -1, total: 'x' }] });
      liar.postMessage({ type: 'tell', id: event.data.id, work: [{ kind: 'draft', cpf: '52998224725' }] });
    };
    try {
      expect(await otherTabsUnsentWork(100, channel())).toEqual([{ kind: 'draft' }]);
    } finally {
      liar.close();
    }
  });
});
