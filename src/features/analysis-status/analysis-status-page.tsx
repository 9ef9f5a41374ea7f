import PrintIcon from '@mui/icons-material/Print';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from './texts';
import { analysisStatusQueries } from '@/api/analysis-status';
import { isApiError } from '@/api/api-error';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { CpfInput } from '@/components/cpf-input';
import { LiveRegion } from '@/components/live-region';
import { PageContainer } from '@/components/page-container';
import { printClasses, usePrint } from '@/components/print';
import { PrintHeader } from '@/components/print-header';
import { useRuntimeConfig } from '@/config/config-context';
import { useHandOff } from '@/hooks/use-hand-off';
import { useMemoryStore } from '@/hooks/use-memory-store';
import { useServices } from '@/hooks/services-context';
import { formatCpf, isValidCpf } from '@/lib/cpf';
import { formatDateTime } from '@/lib/date-time';
import { onlyDigits } from '@/lib/digit-pattern';
import { AnalysisResults, lookupCount } from './analysis-results';
import { AnalysisTabs } from './analysis-tabs';
import { maskCpfForList, recentLookups } from './recent-lookups';

/** Auto-refresh period while the tab is visible. */
export const AUTO_REFRESH_MS = 30_000;

type InvalidReason = { key: 'empty' } | { key: 'incomplete'; missing: number } | { key: 'checkDigits' };

function invalidReason(digits: string): InvalidReason | null {
  if (digits.length === 0) return { key: 'empty' };
  if (digits.length < 11) return { key: 'incomplete', missing: 11 - digits.length };
  return isValidCpf(digits) ? null : { key: 'checkDigits' };
}

/** The CPF handed over by the credit application, when it is a valid one. */
function validCpf(handedOff: { cpf: string } | null): string | null {
  return handedOff !== null && isValidCpf(handedOff.cpf) ? onlyDigits(handedOff.cpf) : null;
}

/**
 * Analysis status by CPF (docs/requirements.md, analysis status). The CPF lives in this component and in the query key,
 * which are memory only: never in the URL, history state or title.
 */
export function AnalysisStatusPage() {
  const { t, i18n } = useTranslation();
  const { analysisStatusPaging: paging } = useRuntimeConfig();
  const { http } = useServices();
  const handedOff = validCpf(useHandOff('analysisStatus'));
  // The field is uncontrolled: the mask reformats it inside the input event as the analyst types.
  // Filling it from code (a recent lookup) remounts it with a new default value.
  const fieldRef = useRef<HTMLInputElement>(null);
  const [field, setField] = useState(() => ({ key: 0, value: handedOff ? formatCpf(handedOff) : '' }));
  const [cpf, setCpf] = useState<string | null>(handedOff);
  const [invalid, setInvalid] = useState<InvalidReason | null>(null);
  // Counts refused lookups, so that the same refusal twice is said twice.
  const [refusals, setRefusals] = useState(0);
  const [autoRefresh, setAutoRefresh] = useState(true);
  const recent = useMemoryStore(recentLookups.store);
  const { printing, print } = usePrint();
  // On paper the CPF is masked as in the recent list, unless the analyst asks for it whole.
  const [fullCpfOnPaper, setFullCpfOnPaper] = useState(false);

  useEffect(() => {
    if (handedOff) recentLookups.add(handedOff);
  }, [handedOff]);

  // The key holds the CPF: an answer for a CPF looked up before can only land in that CPF's cache entry,
  // never on the one now on screen.
  const query = useQuery({
    ...analysisStatusQueries.lookup(http, cpf ?? '', paging),
    enabled: cpf !== null,
    refetchInterval: autoRefresh ? AUTO_REFRESH_MS : false,
    refetchIntervalInBackground: false,
  });

  const lookUp = (raw: string) => {
    const digits = onlyDigits(raw);
    const reason = invalidReason(digits);
    setInvalid(reason);
    if (reason) {
      // The previous CPF's answer would otherwise stay under a field that now holds another CPF.
      setCpf(null);
      setRefusals((count) => count + 1);
      return;
    }
    recentLookups.add(digits);
    if (digits === cpf) void query.refetch();
    else setCpf(digits);
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    lookUp(fieldRef.current?.value ?? '');
  };

  const repeat = (digits: string) => {
    setField((current) => ({ key: current.key + 1, value: formatCpf(digits) }));
    lookUp(digits);
  };

  const error = cpf !== null && query.isError ? query.error : null;
  const status = isApiError(error) ? error.status : null;
  // docs/requirements.md row 19: a 404 means this CPF has no application, not a failure.
  const notFound = status === 404;
  const badRequest = status === 400 && isApiError(error) ? error : null;
  const failed = error !== null && !notFound && !badRequest;

  const fieldError = invalid
    ? invalid.key === 'incomplete'
      ? t('analysisStatus.invalid.incomplete', { count: invalid.missing })
      : t(`analysisStatus.invalid.${invalid.key}`)
    : badRequest
      ? badRequest.providerMessages.join(' ') || t('errors.api.clientError', { status: '400' })
      : null;

  const updatedAt = notFound ? query.errorUpdatedAt : query.data ? query.dataUpdatedAt : 0;
  const showsError = fieldError !== null || failed;
  const loading = cpf !== null && query.isPending && query.fetchStatus === 'fetching';
  const resultCount =
    cpf !== null && (query.data || notFound)
      ? query.data && !notFound
        ? query.data.sucesso
          ? lookupCount(query.data, t)
          : t('analysisStatus.notSuccessfulShort')
        : t('analysisStatus.found', { count: 0 })
      : null;

  const answered = cpf !== null && (query.data || notFound);
  return (
    <>
      <Box className={printClasses.hidden}>
        <PageContainer
          title={t('analysisStatus.title')}
          titlePrefix={showsError ? t('analysisStatus.errorTitlePrefix') : undefined}
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
              <Box
                component="form"
                role="search"
                aria-label={t('analysisStatus.searchLabel')}
                noValidate
                onSubmit={onSubmit}
              >
                <Stack
                  direction="row"
                  spacing={2}
                  useFlexGap
                  sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
                >
                  <CpfInput
                    label={t('analysisStatus.cpfLabel')}
                    helperText={t('analysisStatus.cpfHelp')}
                    errorText={fieldError}
                    key={field.key}
                    defaultValue={field.value}
                    inputRef={fieldRef}
                    onChange={() => setInvalid(null)}
                    sx={{ width: { xs: '100%', sm: 280 } }}
                  />
                  <Button
                    type="submit"
                    variant="contained"
                    size="large"
                    startIcon={<SearchIcon />}
                    sx={{ mt: 0.5 }}
                  >
                    {t('analysisStatus.lookUp')}
                  </Button>
                </Stack>
              </Box>

              <Stack
                direction="row"
                spacing={2}
                useFlexGap
                sx={{ alignItems: 'center', flexWrap: 'wrap', minHeight: 40 }}
              >
                <FormControlLabel
                  control={
                    <Switch
                      checked={autoRefresh}
                      onChange={(event) => setAutoRefresh(event.target.checked)}
                    />
                  }
                  label={t('analysisStatus.autoRefresh', { seconds: String(AUTO_REFRESH_MS / 1000) })}
                />
                {updatedAt > 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('analysisStatus.updatedAt', {
                      time: new Date(updatedAt).toLocaleTimeString(i18n.language),
                    })}
                    {query.isFetching ? ` · ${t('analysisStatus.updating')}` : ''}
                  </Typography>
                ) : null}
              </Stack>

              {/* Live regions that exist before their text changes: the refusal (assertive) and the result. */}
              <LiveRegion
                politeness="assertive"
                serial={refusals}
                message={fieldError ? `${t('analysisStatus.cpfLabel')}: ${fieldError}` : null}
              />
              <LiveRegion
                message={resultCount ? t('analysisStatus.resultAnnouncement', { result: resultCount }) : null}
              />
              <Box aria-busy={query.isFetching}>
                {loading ? (
                  <Stack spacing={1}>
                    <Typography color="text.secondary">{t('analysisStatus.loading')}</Typography>
                    <LinearProgress aria-label={t('analysisStatus.loading')} />
                  </Stack>
                ) : null}
                {answered ? (
                  <Stack spacing={2}>
                    <Stack
                      direction="row"
                      spacing={2}
                      useFlexGap
                      sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}
                    >
                      <Typography variant="h6" component="h2">
                        {t('analysisStatus.resultsHeading', { cpf: formatCpf(cpf) })}
                      </Typography>
                      <Typography color="text.secondary">{resultCount}</Typography>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ml: { sm: 'auto' } }}>
                        <FormControlLabel
                          control={
                            <Checkbox
                              checked={fullCpfOnPaper}
                              onChange={(event) => setFullCpfOnPaper(event.target.checked)}
                            />
                          }
                          label={t('analysisStatus.print.fullCpf')}
                        />
                        <Button variant="outlined" startIcon={<PrintIcon />} onClick={print}>
                          {t('analysisStatus.print.action')}
                        </Button>
                      </Stack>
                    </Stack>
                    {query.data && !notFound ? (
                      <AnalysisResults lookup={query.data} paging={paging} />
                    ) : (
                      <Alert severity="info" role="note">
                        {t('analysisStatus.empty')}
                      </Alert>
                    )}
                  </Stack>
                ) : null}
              </Box>

              {failed ? (
                <ApiErrorAlert
                  error={error}
                  title={t('analysisStatus.errorTitle')}
                  onRetry={() => void query.refetch()}
                  retrying={query.isFetching}
                />
              ) : null}
            </Stack>

            {recent.length > 0 ? (
              <Box component="aside" aria-labelledby="recent-lookups-heading">
                <Typography id="recent-lookups-heading" variant="subtitle1" component="h2">
                  {t('analysisStatus.recentHeading')}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
                  {t('analysisStatus.recentHelp')}
                </Typography>
                <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {recent.map((entry) => {
                    const masked = maskCpfForList(entry);
                    return (
                      <li key={entry}>
                        <Button
                          size="small"
                          variant={entry === cpf ? 'outlined' : 'text'}
                          aria-label={t('analysisStatus.recentRepeat', { cpf: masked })}
                          aria-current={entry === cpf ? 'true' : undefined}
                          onClick={() => repeat(entry)}
                          sx={{ fontFamily: 'monospace', justifyContent: 'flex-start' }}
                        >
                          {masked}
                        </Button>
                      </li>
                    );
                  })}
                </Stack>
              </Box>
            ) : null}
          </Box>
        </PageContainer>
      </Box>
      {printing && answered ? (
        <Box className={printClasses.only} data-testid="analysis-print">
          <PrintHeader title={t('analysisStatus.print.title')}>
            <Typography sx={{ fontSize: '11pt', fontWeight: 700, mt: 0.5 }}>
              {t('analysisStatus.print.cpf', {
                cpf: fullCpfOnPaper ? formatCpf(cpf) : maskCpfForList(cpf),
              })}
            </Typography>
            <Typography sx={{ fontSize: '10pt' }}>
              {t('analysisStatus.print.lookedUpAt', { date: formatDateTime(updatedAt, i18n.language) })}
            </Typography>
          </PrintHeader>
          {resultCount ? <Typography sx={{ fontSize: '10pt' }}>{resultCount}</Typography> : null}
          {query.data && !notFound ? (
            <AnalysisResults lookup={query.data} paging={paging} onPaper />
          ) : (
            <Typography>{t('analysisStatus.empty')}</Typography>
          )}
        </Box>
      ) : null}
    </>
  );
}
