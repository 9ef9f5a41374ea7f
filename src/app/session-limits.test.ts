import { IDLE_WARNING_MS, limitPhase } from './session-limits';

const limits = { idleTimeoutSeconds: 300, absoluteLifetimeSeconds: 3600 };
const start = 1_000_000;

describe('limitPhase (docs/requirements.md A5)', () => {
  it('is active until a minute before the idle limit', () => {
    expect(limitPhase(start + 239_000, start, start, limits)).toEqual({ phase: 'active' });
  });

  it('warns in the last minute, counting the seconds left', () => {
    expect(limitPhase(start + 300_000 - IDLE_WARNING_MS, start, start, limits)).toEqual({
      phase: 'warning',
      secondsLeft: 60,
    });
    expect(limitPhase(start + 299_500, start, start, limits)).toEqual({ phase: 'warning', secondsLeft: 1 });
  });

  it('ends at the idle limit, counted from the last activity', () => {
    expect(limitPhase(start + 300_000, start, start, limits)).toEqual({ phase: 'ended', reason: 'idle' });
    expect(limitPhase(start + 400_000, start + 200_000, start, limits)).toEqual({ phase: 'active' });
  });

  it('ends at the absolute limit however recent the activity', () => {
    const now = start + 3_600_000;
    expect(limitPhase(now, now - 1000, start, limits)).toEqual({ phase: 'ended', reason: 'absolute' });
  });
});
