// @vitest-environment jsdom
import { whenIdleAfterPaint } from './when-idle-after-paint';

/** The browser's side, as a test controls it: LCP entries, idle periods, visibility. */
function fakeBrowser({ reportsLcp = true, idleCallback = true } = {}) {
  type Callback = (list: { getEntries: () => Array<{ startTime: number }> }) => void;
  const observers: Array<{ callback: Callback; disconnected: boolean }> = [];
  const idle: Array<() => void> = [];
  const frames: Array<() => void> = [];
  class FakePerformanceObserver {
    static supportedEntryTypes = reportsLcp ? ['largest-contentful-paint', 'paint'] : ['paint'];
    private readonly entry: { callback: Callback; disconnected: boolean };
    constructor(callback: Callback) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
  vi.stubGlobal(
    'requestIdleCallback',
    idleCallback
      ? (callback: () => void) => {
          idle.push(callback);
          return idle.length;
        }
      : undefined,
  );
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  return {
    frame: () => {
      for (const callback of frames.splice(0)) callback();
    },
    paintLargest: (startTime = 0) => {
      for (const observer of observers)
        if (!observer.disconnected) observer.callback({ getEntries: () => [{ startTime }] });
    },
    goIdle: () => {
      for (const callback of idle.splice(0)) callback();
    },
    pendingIdle: () => idle.length,
  };
}

describe('whenIdleAfterPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the largest paint, then for an idle period, and runs the task once', () => {
    const browser = fakeBrowser();
    const task = vi.fn();
    whenIdleAfterPaint(task);
    vi.advanceTimersByTime(5000);
    browser.goIdle();
    expect(task).not.toHaveBeenCalled();

    browser.paintLargest();
    expect(task).not.toHaveBeenCalled();
    expect(browser.pendingIdle()).toBe(1);
    browser.goIdle();
    expect(task).toHaveBeenCalledTimes(1);

    // A later, larger paint does not run it again.
    browser.paintLargest();
    browser.goIdle();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("counts only a paint at or after `after`: the HTML's shell, painted before the app, does not", () => {
    const browser = fakeBrowser();
    const task = vi.fn();
    whenIdleAfterPaint(task, { after: 500 });
    browser.paintLargest(120);
    browser.goIdle();
    expect(browser.pendingIdle()).toBe(0);
    expect(task).not.toHaveBeenCalled();

    browser.paintLargest(640);
    browser.goIdle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('does not wait for ever for a paint that is never reported', () => {
    const browser = fakeBrowser();
    const task = vi.fn();
    whenIdleAfterPaint(task, { paintTimeoutMs: 3000 });
    vi.advanceTimersByTime(2999);
    expect(browser.pendingIdle()).toBe(0);
    vi.advanceTimersByTime(1);
    browser.goIdle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('without LCP entries (Firefox, Safari), waits for the frame after the next one', () => {
    const browser = fakeBrowser({ reportsLcp: false });
    const task = vi.fn();
    whenIdleAfterPaint(task);
    vi.advanceTimersByTime(1000);
    expect(browser.pendingIdle()).toBe(0);
    browser.frame();
    vi.advanceTimersByTime(0);
    browser.goIdle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('without idle callbacks (Safari), runs the task in a task of its own after the paint', () => {
    const browser = fakeBrowser({ idleCallback: false });
    const task = vi.fn();
    whenIdleAfterPaint(task);
    browser.paintLargest();
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('in a hidden page (nothing will be painted), waits for an idle period only', () => {
    const browser = fakeBrowser();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const task = vi.fn();
    whenIdleAfterPaint(task);
    browser.goIdle();
    expect(task).toHaveBeenCalledTimes(1);
  });
});
