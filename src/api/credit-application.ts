import type { HttpClient } from './http-client';
import {
  creditApplicationResponseSchema,
  type CreditApplicationRequest,
  type CreditApplicationResponse,
} from './schemas/credit-application';
import { endpoints } from './endpoints';

/**
 * POST a credit analysis request (section 4.2). The response body is not shown by the interface, so any
 * 2xx, with or without a body, is a success; the caller shows what came back.
 */
export function submitCreditApplication(
  http: HttpClient,
  body: CreditApplicationRequest,
  idempotencyKey?: string,
): Promise<CreditApplicationResponse> {
  return http.request({
    ...endpoints.creditRequest.request(),
    schema: creditApplicationResponseSchema,
    body,
    idempotencyKey,
  });
}
