import {
  creditApplicationRequestSchema,
  type CreditApplicationRequest,
} from '@/api/schemas/credit-application';
import type { ApplicationOutput } from './schema';

/**
 * The request body (section 2.2) from the parsed form. The step schemas already gave every field the
 * interface's form (digits, ISO dates, integers, income in the configured unit, "S/N" as 0, a blank
 * omittable field left out); this is the one place the contract schema checks the body before it goes.
 */
export function toCreditApplicationRequest(
  output: ApplicationOutput,
): { ok: true; body: CreditApplicationRequest } | { ok: false; problem: string } {
  const parsed = creditApplicationRequestSchema.safeParse(output);
  if (parsed.success) return { ok: true, body: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, problem: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}` };
}
