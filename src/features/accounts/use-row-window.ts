import { useCallback, useSyncExternalStore } from 'react';

/** The rows to render: from `start` (inclusive) to `end` (exclusive). */
export interface RowWindow {
  start: number;
  end: number;
}

/**
 * Which of `count` rows of `rowHeight` px are in view in `scrollElement` (and `overscan` more on either
 * side), from its scroll position and height: arithmetic, the same cost for 100 000 rows as for 10. Every
 * row has the same height, so nothing is measured (a virtualizer that measures keeps and recomputes an
 * entry per row, which at 100 000 rows made each sort and search a long task).
 */
export function windowOf(
  scrollTop: number,
  viewHeight: number,
  count: number,
  rowHeight: number,
  overscan: number,
): RowWindow {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + viewHeight) / rowHeight);
  return { start: Math.min(count, Math.max(0, first - overscan)), end: Math.min(count, last + overscan) };
}

/**
 * Each scroll element's position and height as its events last said: read when they change, not during
 * a render (where reading them could force a layout).
 */
const viewports = new WeakMap<HTMLElement, { top: number; height: number }>();

/** The rows in view in `scrollElement`, re-rendering only when that window changes. */
export function useRowWindow(
  scrollElement: HTMLElement | null,
  count: number,
  rowHeight: number,
  overscan: number,
): RowWindow {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!scrollElement) return () => undefined;
      const measure = () => {
        viewports.set(scrollElement, { top: scrollElement.scrollTop, height: scrollElement.clientHeight });
        onChange();
      };
      scrollElement.addEventListener('scroll', measure, { passive: true });
      const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
      resized?.observe(scrollElement);
      measure();
      return () => {
        scrollElement.removeEventListener('scroll', measure);
        resized?.disconnect();
      };
    },
    [scrollElement],
  );
  // The window as one string, so that the snapshot compares by value and an unchanged window renders nothing.
  const key = useSyncExternalStore(subscribe, () => {
    const viewport = scrollElement ? viewports.get(scrollElement) : undefined;
    const { start, end } = windowOf(viewport?.top ?? 0, viewport?.height ?? 0, count, rowHeight, overscan);
    return `${start}:${end}`;
  });
  const [start = 0, end = 0] = key.split(':').map(Number);
  return { start, end };
}
