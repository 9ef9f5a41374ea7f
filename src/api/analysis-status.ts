import { queryOptions } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { analysisStatusPageSchema, type AnalysisStatusPage } from './schemas/analysis-status';
import { endpoints } from './schemas/endpoints';

/** GET the analyses of a CPF (section 4.3). `cpf` is 11 digits; it goes into the path and nowhere else. */
export async function fetchAnalysisStatus(cpf: string, signal?: AbortSignal): Promise<AnalysisStatusPage> {
  return apiClient().request({
    ...endpoints.analysisStatus.request(cpf),
    schema: analysisStatusPageSchema,
    signal,
  });
}

/**
 * Query options for analysis status. The CPF is part of the key, which lives in memory only (the
 * query cache is cleared on sign-out and on a 401).
 */
export const analysisStatusQueries = {
  all: () => ['analysis-status'] as const,
  byCpf: (cpf: string) =>
    queryOptions({
      queryKey: [...analysisStatusQueries.all(), cpf] as const,
      queryFn: ({ signal }) => fetchAnalysisStatus(cpf, signal),
      staleTime: 10_000,
    }),
};
