import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { visuallyHidden } from '@mui/utils';
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { applicationStepPath } from '@/config/paths';
import { useCreditApplicationTranslation } from '../texts';
import { stepOrder } from '../schema';

/**
 * The eight steps, always in view: the current one marked (`aria-current="step"`), the ones already
 * reached are links (a click or Enter goes there; forward, the step shown is checked first, as
 * "Continuar" does), the others plain text. A column beside the step on wide screens; a row of numbered
 * circles above it on narrow ones, the names kept for screen readers.
 */
export function StepList({
  current,
  furthest,
  onGo,
}: {
  current: number;
  /** The furthest step reached: every step up to it is a link. */
  furthest: number;
  onGo: (slug: string, event: MouseEvent) => void;
}) {
  const { t } = useCreditApplicationTranslation();
  return (
    <Box component="nav" aria-label={t('creditApplication.stepper.label')} sx={{ minWidth: 0 }}>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'flex',
          flexDirection: { xs: 'row', lg: 'column' },
          flexWrap: 'wrap',
          gap: { xs: 0.5, lg: 0.25 },
          position: { lg: 'sticky' },
          top: { lg: 16 },
        }}
      >
        {stepOrder.map((step, index) => {
          const title = t(`creditApplication.steps.${step.key}`);
          const isCurrent = index === current;
          const reachable = index <= furthest && !isCurrent;
          const state = isCurrent
            ? ''
            : reachable
              ? t('creditApplication.stepper.done')
              : t('creditApplication.stepper.locked');
          const content = (
            <>
              <Box
                component="span"
                aria-hidden
                sx={{
                  width: 28,
                  height: 28,
                  flexShrink: 0,
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  borderRadius: '50%',
                  border: 2,
                  borderColor: isCurrent || reachable ? 'primary.main' : 'text.secondary',
                  bgcolor: reachable ? 'primary.main' : 'transparent',
                  color: reachable ? 'primary.contrastText' : isCurrent ? 'primary.main' : 'text.secondary',
                  fontWeight: 700,
                  fontSize: 14,
                }}
              >
                {index + 1}
              </Box>
              <Box
                component="span"
                sx={{ display: { xs: 'none', lg: 'inline' }, fontWeight: isCurrent ? 700 : 400 }}
              >
                {title}
              </Box>
              {/* The name below lg, and the state at every width, for screen readers. */}
              <Box component="span" sx={visuallyHidden}>
                <Box component="span" sx={{ display: { lg: 'none' } }}>{` ${title}`}</Box>
                {state ? ` (${state})` : ''}
              </Box>
            </>
          );
          const line = {
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            minHeight: 32,
            px: { lg: 1 },
            borderRadius: 1,
          } as const;
          return (
            <li key={step.slug}>
              {reachable ? (
                <Link
                  component={RouterLink}
                  to={applicationStepPath(step.slug)}
                  underline="hover"
                  color="inherit"
                  onClick={(event: MouseEvent) => {
                    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
                    event.preventDefault();
                    onGo(step.slug, event);
                  }}
                  sx={{ ...line, '&:hover': { bgcolor: 'action.hover' } }}
                >
                  {content}
                </Link>
              ) : (
                <Box
                  component="span"
                  aria-current={isCurrent ? 'step' : undefined}
                  sx={{ ...line, color: isCurrent ? 'text.primary' : 'text.secondary' }}
                >
                  {content}
                </Box>
              )}
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
