import * as z from 'zod/mini';

const tokenResponseSchema = z.object({ token: z.string() });

/** A JWT with these scopes (and this subject), issued by the test sandbox's control endpoint (docs/sandbox.md). */
export async function issueTestToken(
  sandbox: { baseUrl: string },
  scopes: string[],
  expiresInSeconds = 3600,
  subject?: string,
): Promise<string> {
  const response = await fetch(`${new URL(sandbox.baseUrl).origin}/__sandbox/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ scopes, expiresInSeconds, ...(subject === undefined ? {} : { subject }) }),
  });
  return tokenResponseSchema.parse(await response.json()).token;
}
