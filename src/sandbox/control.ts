import { http, type HttpHandler } from 'msw';
import * as z from 'zod/mini';
import { faultInputSchema, sandboxEndpoints } from './faults';
import { errorReply, jsonReply, toResponse, type SandboxReply } from './reply';
import type { SandboxStore } from './store';
import { MAX_ACCOUNT_COUNT, MAX_LATENCY_MS, MAX_SEEDED_ANALYSES } from './store-options';
import { issueSandboxToken } from './tokens';

/**
 * The sandbox's own endpoints under `/__sandbox/`: not part of the provider's interface, no bearer needed.
 * Tests and the sandbox banner use them to reseed, inject faults, read stats, mint tokens and move time.
 */

const resetBodySchema = z.strictObject({
  accountCount: z.optional(z.int().check(z.gte(1), z.lte(MAX_ACCOUNT_COUNT))),
  decisionDelayMs: z.optional(z.int().check(z.gte(0))),
  /** A provider that does not know Idempotency-Key: repeats run again (store.ts). */
  ignoreIdempotencyKey: z.optional(z.boolean()),
  /** (HTTP server) CORS preflights leave Idempotency-Key out of the allowed headers (store.ts). */
  corsRefusesIdempotencyKey: z.optional(z.boolean()),
  /** How long every answer takes (store.ts). */
  latencyMs: z.optional(z.int().check(z.gte(0), z.lte(MAX_LATENCY_MS))),
  seedAnalyses: z.optional(z.int().check(z.gte(0), z.lte(MAX_SEEDED_ANALYSES))),
  statusDelayMs: z.optional(z.int().check(z.gte(0), z.lte(600_000))),
});

const tokenBodySchema = z.strictObject({
  scopes: z
    .array(z.string().check(z.regex(/^[A-Za-z0-9:._-]{1,64}$/, 'escopo inválido')))
    .check(z.maxLength(32)),
  // Zero or negative gives an already expired token, which tests of the 401 path want.
  expiresInSeconds: z.int().check(z.gte(-86_400), z.lte(30 * 86_400)),
  subject: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});

const sandboxEndpointSchema = z.enum(sandboxEndpoints);

const advanceClockBodySchema = z.strictObject({ ms: z.int().check(z.gte(0)) });

type Parsed<T> = { ok: true; value: T } | { ok: false; reply: SandboxReply };

async function parseBody<T>(
  request: Request,
  schema: z.ZodMiniType<T>,
  emptyAs?: unknown,
): Promise<Parsed<T>> {
  const text = await request.text();
  let raw: unknown = emptyAs;
  if (text.trim() !== '' || emptyAs === undefined) {
    try {
      raw = JSON.parse(text);
    } catch {
      return { ok: false, reply: errorReply(400, 'Corpo da requisição não é um JSON válido.') };
    }
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const path = issue?.path.map(String).join('.') || 'corpo';
  return { ok: false, reply: errorReply(400, `${path}: ${issue?.message ?? 'inválido'}`) };
}

export function createControlHandlers(store: SandboxStore, prefix: string): HttpHandler[] {
  return [
    http.post(`${prefix}/reset`, async ({ request }) => {
      const body = await parseBody(request, resetBodySchema, {});
      if (!body.ok) return toResponse(body.reply);
      store.reset(body.value);
      return toResponse(
        jsonReply(200, {
          reset: true,
          accountCount: store.accountCount,
          decisionDelayMs: store.decisionDelayMs,
          ignoreIdempotencyKey: store.ignoresIdempotencyKey,
          corsRefusesIdempotencyKey: store.corsRefusesIdempotencyKey,
          latencyMs: store.latencyMs,
          seedAnalyses: store.seedAnalyses,
          statusDelayMs: store.statusDelayMs,
        }),
      );
    }),
    http.post(`${prefix}/faults`, async ({ request }) => {
      const body = await parseBody(request, faultInputSchema);
      if (!body.ok) return toResponse(body.reply);
      return toResponse(jsonReply(201, { fault: store.faults.add(body.value), faults: store.faults.list() }));
    }),
    http.post(`${prefix}/faults/proceed`, () => {
      store.faults.proceedHeld();
      return toResponse(jsonReply(200, { proceeded: true }));
    }),
    http.get(`${prefix}/faults`, () => toResponse(jsonReply(200, { faults: store.faults.list() }))),
    http.delete(`${prefix}/faults`, () => toResponse(jsonReply(200, { cleared: store.faults.clear() }))),
    http.get(`${prefix}/stats`, () => toResponse(jsonReply(200, store.stats()))),
    http.get(`${prefix}/last-request`, ({ request }) => {
      const endpoint = sandboxEndpointSchema.safeParse(new URL(request.url).searchParams.get('endpoint'));
      if (!endpoint.success) return toResponse(errorReply(400, 'endpoint: desconhecido'));
      return toResponse(jsonReply(200, { request: store.lastRequest(endpoint.data) }));
    }),
    http.post(`${prefix}/tokens`, async ({ request }) => {
      const body = await parseBody(request, tokenBodySchema);
      if (!body.ok) return toResponse(body.reply);
      return toResponse(jsonReply(200, { token: issueSandboxToken(body.value, store.now()) }));
    }),
    http.post(`${prefix}/advance-clock`, async ({ request }) => {
      const body = await parseBody(request, advanceClockBodySchema);
      if (!body.ok) return toResponse(body.reply);
      store.advanceClock(body.value.ms);
      return toResponse(jsonReply(200, { now: new Date(store.now()).toISOString() }));
    }),
    // A stand-in for the institution's report collector (config `reportUrl`): the app's batches arrive as
    // text/plain (sendBeacon) and are kept as they came; GET lists them for the tests' sweep.
    http.post(`${prefix}/reports`, async ({ request }) => {
      const text = await request.text();
      if (text.length > 64 * 1024) return toResponse(errorReply(413, 'Relatório maior que 64 KiB.'));
      store.recordReport(text);
      return new Response(null, { status: 204 });
    }),
    http.get(`${prefix}/reports`, () => toResponse(jsonReply(200, { reports: store.receivedReports() }))),
    http.all(`${prefix}/*`, () =>
      toResponse(errorReply(404, 'Endpoint de controle do sandbox desconhecido.')),
    ),
  ];
}
