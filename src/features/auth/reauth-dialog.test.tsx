import { act, screen, waitFor, within } from '@testing-library/react';
import { expireActiveSession } from '@/test/expire-session';
import { renderRoute, setupTestSandbox, warmUpRoute } from '@/test/render-route';
import { issueTestToken } from '@/test/sandbox-token';

const sandbox = setupTestSandbox();

// The dialog's chunk (lazy in the shell), and the screen once (see warmUpRoute), before the tests.
beforeAll(async () => {
  await import('./reauth-dialog');
  await warmUpRoute(sandbox, '/analises', () => screen.getByLabelText('CPF'));
});

/** A sandbox JWT of this operator, with every scope. */
const tokenOf = (subject: string) =>
  issueTestToken(sandbox, ['accounts:read', 'cards:read', 'cards:write'], 3600, subject);

/** Looks a CPF up on the analyses screen: results on screen, the CPF among the recent lookups. */
async function lookUpAs(token: string) {
  const view = renderRoute('/analises', { sandbox, token });
  // Pasted into the focused field, then Enter: the keys of a CPF, and the pointer, are the analyses
  // screen's tests' subject.
  const cpf = await screen.findByLabelText('CPF');
  act(() => cpf.focus());
  await view.user.paste('52998224725');
  await view.user.keyboard('{Enter}');
  // Waited for by its label (a role query, tried on every change, reads the style of every candidate).
  expect(await screen.findByLabelText('Propostas do CPF consultado')).toHaveRole('table');
  expect(screen.getByRole('complementary', { name: 'Consultas recentes desta aba' })).toBeInTheDocument();
  return view;
}

/** The provider refuses the current token (a 401): the re-authentication dialog opens over the page. */
async function expireSession() {
  await expireActiveSession(() => screen.getByText('Sessão expirada'));
  // Waited for by its title, then checked as the dialog it names (a role query per change is costly).
  const dialog = (await screen.findByText('Sessão expirada')).closest<HTMLElement>('[role="dialog"]');
  expect(dialog).toHaveAccessibleName('Sessão expirada');
  return dialog!;
}

async function reauthenticate(
  dialog: HTMLElement,
  token: string,
  user: ReturnType<typeof renderRoute>['user'],
) {
  // Pasted into the focused field, as operators do with a token (typing into it: app-shell.test.tsx).
  const field = within(dialog).getByLabelText(/Token de acesso/);
  act(() => field.focus());
  await user.paste(token);
  await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

/** An unsigned JWT (alg "none"): anyone can write one, claiming any subject. */
const part = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const unsignedJwt = (claims: object) =>
  `${part({ alg: 'none', typ: 'JWT' })}.${part({ iss: 'sandbox', scope: 'cards:read', exp: 4_102_444_800, ...claims })}.`;

/** The tab holds nothing of the previous operator: no result, no recent lookup, nothing cached. */
function expectTabEmptied(queryClient: ReturnType<typeof renderRoute>['queryClient']) {
  expect(screen.queryByRole('table', { name: 'Propostas do CPF consultado' })).not.toBeInTheDocument();
  expect(
    screen.queryByRole('complementary', { name: 'Consultas recentes desta aba' }),
  ).not.toBeInTheDocument();
  expect(screen.getByLabelText('CPF')).toHaveValue('');
  expect(
    JSON.stringify(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.state.data),
    ),
  ).not.toMatch(/52998224725|PRP-2026/);
}

describe('re-authentication with a token (token mode): no identity is verified, so the tab is emptied', () => {
  // Each case: the first token, then the one pasted after the 401. Whatever the tokens claim, nothing
  // verifies who holds them: the previous operator's data goes before the new token is used (the other
  // pairs, sub-less JWTs among them, are src/api/session-granted.test.ts's).
  const cases: Array<[string, () => Promise<[string, string]>]> = [
    ['another operator’s opaque token', () => Promise.resolve(['sandbox-operator', 'sandbox-analyst'])],
    [
      'an unsigned JWT claiming the first operator’s subject',
      async () => [await tokenOf('ana'), unsignedJwt({ sub: 'ana' })],
    ],
  ];
  for (const [what, tokens] of cases) {
    it(`${what}: the lookups, results and cache are gone first, and it says so`, async () => {
      const [first, second] = await tokens();
      const { user, queryClient } = await lookUpAs(first);
      const dialog = await expireSession();
      const intro = dialog.textContent;
      await reauthenticate(dialog, second, user);

      expectTabEmptied(queryClient);
      expect(await screen.findByText(/Não há como confirmar que é o mesmo operador/)).toHaveTextContent(
        'o que esta aba guardava foi apagado: o rascunho da proposta, as consultas (também as em lote) e o diário de operações',
      );
      // Said before the operator pasted anything.
      expect(intro).toContain('o que esta aba guarda será apagado');
      expectTabEmptied(queryClient);
    });
  }
});
