import * as z from 'zod/mini';

/** One analysis (element of `resultados`, section 2.3). `Status` values are not listed: any string. */
export const analysisResultSchema = z.looseObject({
  CodigoParaAcompanhamento: z.string(),
  Status: z.string(),
});
export type AnalysisResult = z.infer<typeof analysisResultSchema>;

/** Response of GET {base_url}/v1/cards/request/{document}/ (section 4.3). */
export const analysisStatusPageSchema = z.looseObject({
  conteudo: z.looseObject({
    numeroDaPagina: z.int(),
    tamanhoDaPagina: z.int(),
    totalDePaginas: z.int(),
    totalDeRegistros: z.int(),
    resultados: z.array(analysisResultSchema),
    // Element shape of erros and alertas: not shown. Strings, objects, anything.
    erros: z.array(z.unknown()),
    alertas: z.array(z.unknown()),
    sucesso: z.boolean(),
  }),
});
export type AnalysisStatusPage = z.infer<typeof analysisStatusPageSchema>;
