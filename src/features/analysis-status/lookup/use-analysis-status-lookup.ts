import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useAnalysisStatusTranslation } from '../texts';
import { analysisStatusQueries, type AnalysisLookup } from '@/api/analysis-status';
import { usePrint } from '@/components/print';
import { useRuntimeConfig } from '@/config/config-context';
import { useHandOff } from '@/hooks/use-hand-off';
import { useMemoryStore } from '@/hooks/use-memory-store';
import { formatCpf, isValidCpf } from '@/lib/cpf';
import { onlyDigits } from '@/lib/digit-pattern';
import { lookupCount } from './analysis-results';
import { recentLookups } from './recent-lookups';
import { useServices } from '@/hooks/services-context';

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
 * Everything the analysis status screen shows, derived from the CPF looked up, its query and the
 * analyst's choices (docs/requirements.md, analysis status). The CPF lives in this hook's state and in the
 * query key, which are memory only: never in the URL, history state or title.
 */
export function useAnalysisStatusLookup() {
  const { t } = useAnalysisStatusTranslation();
  const { analysisStatusPaging: paging } = useRuntimeConfig();
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
  const { http } = useServices();
  const query = useQuery({
    ...analysisStatusQueries.lookup(http, cpf ?? '', paging),
    enabled: cpf !== null,
    refetchInterval: autoRefresh ? AUTO_REFRESH_MS : false,
    refetchIntervalInBackground: false,
  });
  const refetch = () => void query.refetch();

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
    if (digits === cpf) refetch();
    else setCpf(digits);
  };

  const error = cpf !== null && query.isError ? query.error : null;
  const status = error?.status ?? null;
  // docs/requirements.md row 19: a 404 means this CPF has no application, not a failure.
  const notFound = status === 404;
  const badRequest = status === 400 ? error : null;
  const failed = error !== null && !notFound && !badRequest;

  const fieldError = invalid
    ? invalid.key === 'incomplete'
      ? t('analysisStatus.invalid.incomplete', { count: invalid.missing })
      : t(`analysisStatus.invalid.${invalid.key}`)
    : badRequest
      ? badRequest.providerMessages.join(' ') || t('errors.api.clientError', { status: '400' })
      : null;

  // The answer on screen: the analyses, or none (a 404), for the CPF now looked up.
  const answeredCpf = cpf !== null && (query.data || notFound) ? cpf : null;
  const lookup: AnalysisLookup | null = query.data && !notFound ? query.data : null;
  const resultCount =
    answeredCpf === null
      ? null
      : lookup
        ? lookup.sucesso
          ? lookupCount(lookup, t)
          : t('analysisStatus.notSuccessfulShort')
        : t('analysisStatus.found', { count: 0 });

  return {
    paging,
    field: {
      key: field.key,
      defaultValue: field.value,
      inputRef: fieldRef,
      error: fieldError,
      onChange: () => setInvalid(null),
    },
    onSubmit: (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      lookUp(fieldRef.current?.value ?? '');
    },
    /** A recent lookup, again: into the field and looked up. */
    repeat: (digits: string) => {
      setField((current) => ({ key: current.key + 1, value: formatCpf(digits) }));
      lookUp(digits);
    },
    cpf,
    refusals,
    recent,
    autoRefresh,
    setAutoRefresh,
    updatedAt: notFound ? query.errorUpdatedAt : query.data ? query.dataUpdatedAt : 0,
    fetching: query.isFetching,
    loading: cpf !== null && query.isPending && query.fetchStatus === 'fetching',
    showsError: fieldError !== null || failed,
    /** What the provider could not answer (not a 404 nor a refused CPF), with its retry. */
    failure: failed ? { error, retry: refetch } : null,
    answeredCpf,
    lookup,
    resultCount,
    printing,
    print,
    fullCpfOnPaper,
    setFullCpfOnPaper,
  };
}

/** The analysis status screen's state, as its views read it. */
export type AnalysisStatusLookup = ReturnType<typeof useAnalysisStatusLookup>;
