import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useAnalysisStatusTranslation } from '../texts';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { LiveRegion } from '@/components/live-region';
import { PageContainer } from '@/components/page-container';
import { printClasses } from '@/components/print';
import { AnalysisAnswer } from './analysis-answer';
import { AnalysisLookupForm, AnalysisRefreshBar } from './analysis-lookup-form';
import { AnalysisPrintView } from './analysis-print-view';
import { AnalysisTabs } from '../analysis-tabs';
import { RecentLookupsList } from './recent-lookups-list';
import { useAnalysisStatusLookup } from './use-analysis-status-lookup';

/** Analysis status by CPF: the lookup's state is `useAnalysisStatusLookup`'s, drawn here by region. */
export function AnalysisStatusPage() {
  const { t } = useAnalysisStatusTranslation();
  const lookup = useAnalysisStatusLookup();
  const { field, refusals, resultCount, failure, answeredCpf } = lookup;
  return (
    <>
      <Box className={printClasses.hidden}>
        <PageContainer
          title={t('analysisStatus.title')}
          titlePrefix={lookup.showsError ? t('analysisStatus.errorTitlePrefix') : undefined}
          intro={t('analysisStatus.intro')}
        >
          <AnalysisTabs current="single" />
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 260px' },
              alignItems: 'start',
            }}
          >
            <Stack spacing={2} sx={{ minWidth: 0 }}>
              <AnalysisLookupForm {...lookup} />
              <AnalysisRefreshBar {...lookup} />
              {/* Live regions that exist before their text changes: the refusal (assertive) and the result. */}
              <LiveRegion
                politeness="assertive"
                serial={refusals}
                message={field.error ? `${t('analysisStatus.cpfLabel')}: ${field.error}` : null}
              />
              <LiveRegion
                message={resultCount ? t('analysisStatus.resultAnnouncement', { result: resultCount }) : null}
              />
              <AnalysisAnswer {...lookup} />
              {failure ? (
                <ApiErrorAlert
                  error={failure.error}
                  title={t('analysisStatus.errorTitle')}
                  onRetry={failure.retry}
                  retrying={lookup.fetching}
                />
              ) : null}
            </Stack>
            <RecentLookupsList {...lookup} />
          </Box>
        </PageContainer>
      </Box>
      {lookup.printing && answeredCpf !== null ? <AnalysisPrintView {...lookup} cpf={answeredCpf} /> : null}
    </>
  );
}
