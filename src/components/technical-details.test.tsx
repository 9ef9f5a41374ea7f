import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderRoute, setupTestSandbox, warmUpRoute } from '@/test/render-route';

const sandbox = setupTestSandbox();
// The lookup screen once before the tests (see warmUpRoute).
beforeAll(() => warmUpRoute(sandbox, '/analises', () => screen.getByLabelText('CPF')));

/**
 * "Detalhes técnicos (para o suporte)" says it holds no personal data, and is copied into support
 * tickets: a provider's Error object whose messages and extra fields carry a CPF and a name must reach
 * neither the box nor the clipboard. The screen still shows the provider's message to the operator.
 */

const NAME = 'Maria José da Silva';
const CPF = '52998224725';

function answerWithPersonalData() {
  sandbox.server.use(
    http.get(`${sandbox.baseUrl}/v1/cards/request/:cpf/`, () =>
      HttpResponse.json(
        {
          message: [`CPF ${CPF} de ${NAME} com cadastro bloqueado`, 'Procure a agência 0042'],
          error: 'Internal Server Error',
          statusCode: 500,
          titular: { nome: NAME, cpf: 52998224725, documento: '529.982.247-25', tentativas: 3 },
        },
        { status: 500 },
      ),
    ),
  );
}

describe('TechnicalDetails', () => {
  it.each([
    [
      'pt-BR',
      'Consultar',
      'Detalhes técnicos (para o suporte)',
      'Copiar os detalhes técnicos',
      'texto omitido',
    ],
    ['en', 'Look up', 'Technical details (for support)', 'Copy the technical details', 'text left out'],
  ] as const)(
    '%s: the provider’s Error object keeps its shape and status, never a CPF or a name',
    async (language, _button, summary, copy, omitted) => {
      answerWithPersonalData();
      const { user } = renderRoute('/analises', { sandbox, language });
      const field = await screen.findByRole('textbox', { name: /CPF/ });
      await user.type(field, `${CPF}{Enter}`);
      const opener = await screen.findByText(summary);
      const details = opener.closest('details');
      expect(details).not.toBeNull();
      await user.click(opener);
      const box = details as HTMLElement;
      expect(box).toHaveTextContent('"statusCode":500');
      expect(box).toHaveTextContent('"error":"Internal Server Error"');
      expect(box).toHaveTextContent('"tentativas":3');
      expect(box).toHaveTextContent(omitted);
      await user.click(within(box).getByRole('button', { name: copy }));
      const copied = await navigator.clipboard.readText();
      for (const text of [box.textContent, copied]) {
        expect(text).toContain('"titular":{"nome"');
        expect(text).not.toMatch(/\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2}/);
        expect(text).not.toContain('Maria');
        expect(text).not.toContain('0042');
      }
      // The operator still reads the provider's own words on the screen.
      expect(screen.getByText(/com cadastro bloqueado/)).toBeInTheDocument();
    },
    15_000,
  );
});
