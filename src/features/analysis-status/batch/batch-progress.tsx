import ReplayIcon from '@mui/icons-material/Replay';
import StopIcon from '@mui/icons-material/Stop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, useEffect, useRef, useState, type Ref } from 'react';
import { LiveRegion } from '@/components/live-region';
import type { BatchView } from './batch-store';
import { useAnalysisBatchTranslation, type BatchT } from './batch-texts';

/**
 * The bar jumps to each publication's value (4 a second) rather than easing into it: MUI's 0.4 s transform
 * transition, restarted at every publication, kept the page animating (a frame, and transition events
 * through React's root listener, several times a publication) for the whole batch.
 */
const progressBarSx = { height: 8, borderRadius: 1, '& .MuiLinearProgress-bar': { transition: 'none' } };

/** Progress is said at most this often while the batch runs (not on every answer). */
export const ANNOUNCE_EVERY_MS = 15_000;

function duration(ms: number, t: BatchT): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  return seconds < 90
    ? t('analysisBatch.progress.seconds', { count: seconds })
    : t('analysisBatch.progress.minutes', { count: Math.round(seconds / 60) });
}

/** The clock, re-read every second while `ticking` (the countdown of a pause, the estimate). */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [ticking]);
  return now;
}

/**
 * What the batch is doing: a progress bar with done/total and an estimate, a pause the provider asked
 * for, and the actions ("Parar", "Tentar de novo as que falharam", "Continuar", "Nova lista"). Progress
 * is announced politely at the start, at a pause, at the end and every ANNOUNCE_EVERY_MS in between.
 */
export function BatchProgress({
  view,
  onStop,
  onRetry,
  onNewList,
  headingRef,
}: {
  view: BatchView;
  onStop: () => void;
  onRetry: (which: 'failed' | 'stopped') => void;
  onNewList: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t, i18n } = useAnalysisBatchTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const { progress } = view;
  const now = useNow(progress.active);
  const settled = progress.done + progress.failed + progress.stopped;
  const left = progress.queued + progress.running + progress.backoff;
  const pausedFor = progress.pausedUntil === null ? 0 : Math.max(0, progress.pausedUntil - now);
  const estimate =
    progress.active && progress.msPerTask !== null
      ? pausedFor + Math.ceil(left / progress.concurrency) * progress.msPerTask
      : null;
  const percent = progress.total === 0 ? 100 : Math.round((settled / progress.total) * 100);

  const counts = [
    t('analysisBatch.progress.counts', {
      done: number.format(progress.done + progress.failed),
      total: number.format(progress.total),
    }),
    progress.failed > 0 ? t('analysisBatch.progress.failed', { count: progress.failed }) : null,
    progress.stopped > 0 ? t('analysisBatch.progress.stopped', { count: progress.stopped }) : null,
    estimate !== null ? t('analysisBatch.progress.remaining', { time: duration(estimate, t) }) : null,
    !progress.active && view.endedAt !== null && progress.stopped === 0
      ? t('analysisBatch.progress.finished', { time: duration(view.endedAt - view.startedAt, t) })
      : null,
  ].filter((part): part is string => part !== null);

  const announcement = useAnnouncement(view, t, i18n.language);

  return (
    <Box component="section" aria-labelledby="batch-progress-heading">
      <Typography
        id="batch-progress-heading"
        ref={headingRef}
        tabIndex={-1}
        variant="h6"
        component="h2"
        sx={{ outline: 'none', mb: 1 }}
      >
        {t('analysisBatch.progress.heading')}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t('analysisBatch.progress.label')}
        aria-valuetext={counts[0]}
        sx={progressBarSx}
      />
      <Typography sx={{ mt: 1, fontVariantNumeric: 'tabular-nums' }} data-testid="batch-progress">
        {counts.join(' · ')}
      </Typography>
      <LiveRegion message={announcement} />

      {pausedFor > 0 ? (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          {t('analysisBatch.progress.paused', {
            seconds: String(Math.ceil(pausedFor / 1000)),
            concurrency: String(progress.concurrency),
          })}
        </Alert>
      ) : null}
      {progress.held && progress.active ? (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {t('analysisBatch.progress.held')}
        </Alert>
      ) : null}

      <BatchActions
        active={progress.active}
        failed={progress.failed}
        stopped={progress.stopped}
        onStop={onStop}
        onRetry={onRetry}
        onNewList={onNewList}
      />
    </Box>
  );
}

/** The batch's buttons: re-rendered when what they offer changes, not at every answer. */
const BatchActions = memo(function BatchActions({
  active,
  failed,
  stopped,
  onStop,
  onRetry,
  onNewList,
}: {
  active: boolean;
  failed: number;
  stopped: number;
  onStop: () => void;
  onRetry: (which: 'failed' | 'stopped') => void;
  onNewList: () => void;
}) {
  const { t } = useAnalysisBatchTranslation();
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
      {active ? (
        <Button variant="outlined" color="error" startIcon={<StopIcon />} onClick={onStop}>
          {t('analysisBatch.progress.stop')}
        </Button>
      ) : null}
      {failed > 0 ? (
        <Button variant="contained" startIcon={<ReplayIcon />} onClick={() => onRetry('failed')}>
          {t('analysisBatch.progress.retryFailed', { count: failed })}
        </Button>
      ) : null}
      {!active && stopped > 0 ? (
        <Button variant="outlined" onClick={() => onRetry('stopped')}>
          {t('analysisBatch.progress.resume', { count: stopped })}
        </Button>
      ) : null}
      {!active ? <Button onClick={onNewList}>{t('analysisBatch.progress.newList')}</Button> : null}
    </Stack>
  );
});

/** The polite announcement of the batch: start, pause, end, and progress every ANNOUNCE_EVERY_MS. */
function useAnnouncement(view: BatchView, t: BatchT, language: string): string | null {
  const [message, setMessage] = useState<string | null>(null);
  const last = useRef<{ id: number; at: number; paused: boolean; active: boolean } | null>(null);
  useEffect(() => {
    const { progress } = view;
    const number = new Intl.NumberFormat(language);
    const total = number.format(progress.total);
    const done = number.format(progress.done + progress.failed);
    const paused = progress.pausedUntil !== null;
    const previous = last.current;
    const now = Date.now();
    let next: string | null = null;
    if (previous?.id !== view.id) next = t('analysisBatch.progress.announceStart', { total });
    else if (previous.active && !progress.active)
      next =
        progress.stopped > 0
          ? t('analysisBatch.progress.announceStopped', { done, total })
          : t('analysisBatch.progress.announceEnd', { done, total, failed: number.format(progress.failed) });
    else if (!previous.paused && paused && progress.pausedUntil !== null)
      next = t('analysisBatch.progress.announcePause', {
        seconds: String(Math.ceil((progress.pausedUntil - now) / 1000)),
      });
    else if (progress.active && now - previous.at >= ANNOUNCE_EVERY_MS)
      next = t('analysisBatch.progress.announceProgress', { done, total });
    last.current = {
      id: view.id,
      at: next === null ? (previous?.at ?? now) : now,
      paused,
      active: progress.active,
    };
    // Said once per change: the region keeps its text until the next announcement.
    if (next !== null) setMessage(next);
  }, [view, t, language]);
  return message;
}
