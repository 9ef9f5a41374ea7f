import type { AnalysisStatusPage } from '@/api/schemas/analysis-status';
import { statusWord, type SandboxProfile } from './profiles';
import type { AnalysisNote, SeedLookup } from './seed';

/** Analyses per page unless the profile pages (its `paging`) and the request asks for another size. */
export const STATUS_PAGE_SIZE = 10;

export interface SubmittedAnalysis {
  CodigoParaAcompanhamento: string;
  submittedAt: number;
  decision: 'APROVADO' | 'REPROVADO';
}

export interface CpfRecord {
  seeded: SeedLookup | undefined;
  submitted: SubmittedAnalysis[];
}

/**
 * One page of a CPF's analyses, newest first: the first page of STATUS_PAGE_SIZE unless the profile
 * pages (its `paging`) and the request asked for another. `page` counts from the profile's first page
 * number; a page past the last comes back empty, with the same totals. A submitted analysis is decided
 * once `decisionDelayMs` of sandbox time has passed.
 */
export function analysisPageOf(
  record: CpfRecord | undefined,
  request: { page?: number; size?: number },
  { now, decisionDelayMs, profile }: { now: number; decisionDelayMs: number; profile: SandboxProfile },
): AnalysisStatusPage {
  const submitted = (record?.submitted ?? []).map((analysis) => ({
    CodigoParaAcompanhamento: analysis.CodigoParaAcompanhamento,
    Status: now >= analysis.submittedAt + decisionDelayMs ? analysis.decision : 'EM_ANALISE',
  }));
  const all = [...(record?.seeded?.analyses ?? []), ...submitted]
    .reverse()
    .map((analysis) => ({ ...analysis, Status: statusWord(profile, analysis.Status) }));
  const objects = profile.notes === 'objects';
  const notes = (list: AnalysisNote[] | undefined) =>
    (list ?? []).map((note, index) => {
      if (typeof note === 'string') return objects ? { code: `N${index + 1}`, message: note } : note;
      return objects ? { code: note.codigo, message: note.mensagem } : { ...note };
    });
  const firstPage = profile.paging?.firstPage ?? 1;
  const size = request.size ?? STATUS_PAGE_SIZE;
  const page = request.page ?? firstPage;
  const start = (page - firstPage) * size;
  return {
    conteudo: {
      numeroDaPagina: page,
      tamanhoDaPagina: size,
      totalDePaginas: Math.ceil(all.length / size),
      totalDeRegistros: all.length,
      resultados: all.slice(start, start + size).map((analysis) => ({ ...analysis })),
      erros: notes(record?.seeded?.erros),
      alertas: notes(record?.seeded?.alertas),
      sucesso: record?.seeded?.sucesso ?? true,
    },
  };
}
