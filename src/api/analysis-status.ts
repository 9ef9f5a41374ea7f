import { queryOptions } from '@tanstack/react-query';
import type { AnalysisStatusPaging } from '@/config/config-schema';
import type { HttpClient } from './http-client';
import {
  analysisStatusPageSchema,
  type AnalysisResult,
  type AnalysisStatusPage,
} from './schemas/analysis-status';
import { endpoints } from './endpoints';

/**
 * GET the analyses of a CPF (section 4.3). `cpf` is 11 digits; it goes into the path and nowhere else.
 * `query` holds the paging parameters, when the config names them.
 */
export async function fetchAnalysisStatus(
  http: HttpClient,
  cpf: string,
  signal?: AbortSignal,
  query?: Readonly<Record<string, string>>,
): Promise<AnalysisStatusPage> {
  return http.request({
    ...endpoints.analysisStatus.request(cpf),
    ...(query ? { query } : {}),
    schema: analysisStatusPageSchema,
    signal,
  });
}

type Conteudo = AnalysisStatusPage['conteudo'];

/**
 * Why a lookup holds fewer analyses than the provider counts (`totalDeRegistros`):
 * - `notConfigured`: no paging parameters are configured, so only the first page was asked for;
 * - `pageCap`: the configured most pages per lookup were read;
 * - `repeatedPage`: a later page brought only analyses already read (the provider ignored the page
 *   parameter: the configuration does not match it), so reading stopped there;
 * - `pagesEnded`: a later page came back empty before the count was reached (the count and the pages
 *   disagree, e.g. an analysis went away between two pages).
 */
export type LookupShortfall =
  | { reason: 'notConfigured' }
  | { reason: 'pageCap'; maxPages: number }
  | { reason: 'repeatedPage'; page: number }
  | { reason: 'pagesEnded'; page: number };

/** A CPF's analyses, from as many pages as the paging config lets the app read. */
export interface AnalysisLookup {
  /** The first page's own figures and notes, as the provider sent them, and how many results it held. */
  firstPage: Omit<Conteudo, 'resultados'> & { resultCount: number };
  /** Every analysis read, in the provider's order; a code already read on an earlier page only once. */
  resultados: AnalysisResult[];
  /** The notes of every page read, each once. */
  erros: unknown[];
  alertas: unknown[];
  /** False when any page read said so. */
  sucesso: boolean;
  /** How many analyses the provider counts for the CPF (the first page's `totalDeRegistros`). */
  total: number;
  /** The page numbers asked for, in order (none when no paging is configured). */
  pagesAsked: number[];
  shortfall: LookupShortfall | null;
}

/** The query string of one page: its number and, when configured, the page size. */
export function pageQuery(paging: AnalysisStatusPaging, page: number): Record<string, string> {
  const query: Record<string, string> = { [paging.pageParameter]: String(page) };
  if (paging.pageSizeParameter !== undefined && paging.pageSize !== undefined)
    query[paging.pageSizeParameter] = String(paging.pageSize);
  return query;
}

/** Adds to `into` the items of `from` not already in it (compared as JSON: shapes are not shown). */
function mergeNotes(into: unknown[], from: readonly unknown[]): void {
  const seen = new Set(into.map((item) => JSON.stringify(item)));
  for (const item of from) {
    const key = JSON.stringify(item);
    if (!seen.has(key)) {
      seen.add(key);
      into.push(item);
    }
  }
}

/**
 * Every analysis of a CPF the configuration lets the app reach: the first page, then (with
 * `analysisStatusPaging`) the next ones one after another, until the provider's count is reached, the
 * configured cap, an empty page or a page that brings nothing new. One after another, not side by side:
 * a CPF rarely has more than a few pages, and a batch already runs several CPFs at once. A later page that
 * fails fails the lookup (the query's retry rule, or the batch's, asks again): a partial answer shown as
 * a whole would mislead.
 */
export async function fetchAnalysisLookup(
  http: HttpClient,
  cpf: string,
  paging: AnalysisStatusPaging | undefined,
  signal?: AbortSignal,
): Promise<AnalysisLookup> {
  const firstNumber = paging?.firstPage ?? 1;
  const first = (
    await fetchAnalysisStatus(http, cpf, signal, paging ? pageQuery(paging, firstNumber) : undefined)
  ).conteudo;
  const { resultados: firstResults, ...firstPage } = first;
  const lookup: AnalysisLookup = {
    firstPage: { ...firstPage, resultCount: firstResults.length },
    resultados: [...firstResults],
    erros: [],
    alertas: [],
    sucesso: first.sucesso,
    total: first.totalDeRegistros,
    pagesAsked: paging ? [firstNumber] : [],
    shortfall: null,
  };
  mergeNotes(lookup.erros, first.erros);
  mergeNotes(lookup.alertas, first.alertas);
  const missing = () => lookup.resultados.length < lookup.total;
  if (!paging) {
    if (missing()) lookup.shortfall = { reason: 'notConfigured' };
    return lookup;
  }
  const seen = new Set(lookup.resultados.map((result) => result.CodigoParaAcompanhamento));
  // An empty first page has nothing after it, whatever the count says.
  while (missing() && firstResults.length > 0) {
    if (lookup.pagesAsked.length >= paging.maxPages) {
      lookup.shortfall = { reason: 'pageCap', maxPages: paging.maxPages };
      break;
    }
    const number = firstNumber + lookup.pagesAsked.length;
    lookup.pagesAsked.push(number);
    const page = (await fetchAnalysisStatus(http, cpf, signal, pageQuery(paging, number))).conteudo;
    mergeNotes(lookup.erros, page.erros);
    mergeNotes(lookup.alertas, page.alertas);
    lookup.sucesso &&= page.sucesso;
    const fresh = page.resultados.filter((result) => !seen.has(result.CodigoParaAcompanhamento));
    if (page.resultados.length === 0) {
      lookup.shortfall = { reason: 'pagesEnded', page: number };
      break;
    }
    if (fresh.length === 0) {
      lookup.shortfall = { reason: 'repeatedPage', page: number };
      break;
    }
    for (const result of fresh) {
      seen.add(result.CodigoParaAcompanhamento);
      lookup.resultados.push(result);
    }
  }
  return lookup;
}

/**
 * Query options for analysis status. The CPF is part of the key, which lives in memory only (the
 * query cache is cleared on sign-out and on a 401).
 */
export const analysisStatusQueries = {
  all: () => ['analysis-status'] as const,
  /** The first page as the provider sends it without paging parameters (the wizard's checks). */
  byCpf: (http: HttpClient, cpf: string) =>
    queryOptions({
      queryKey: [...analysisStatusQueries.all(), cpf] as const,
      queryFn: ({ signal }) => fetchAnalysisStatus(http, cpf, signal),
      staleTime: 10_000,
    }),
  /**
   * Every analysis the paging config reaches (the status screen and the batch, which share the entry).
   * The config is part of the key: a lookup read under one paging is never taken for another's.
   */
  lookup: (http: HttpClient, cpf: string, paging: AnalysisStatusPaging | undefined) =>
    queryOptions({
      queryKey: [...analysisStatusQueries.all(), cpf, 'lookup', paging ?? null] as const,
      queryFn: ({ signal }) => fetchAnalysisLookup(http, cpf, paging, signal),
      staleTime: 10_000,
    }),
};
