import { ApiError } from './api-error';
import { newCardCodeOf, saysAlreadyCancelled } from './cards';

const refusal = (message: string | string[], status = 400) =>
  new ApiError({
    kind: 'http',
    operation: 'POST /v1/cards/cancel/{cardCode}/',
    status,
    errorObject: { message, error: 'Bad Request', statusCode: status },
    sessionGeneration: 0,
    detail: `HTTP ${status}`,
  });

describe('saysAlreadyCancelled', () => {
  it.each([
    'Cartão 5001 já está cancelado',
    'Cartao 5001 ja esta cancelado',
    'cartão já cancelado',
    'O cartão 5001 já foi cancelado.',
    'Card 5001 already cancelled',
    'card has already been canceled',
    'cardCode: card is cancelled already',
  ])('reads «%s» as already cancelled', (message) => {
    expect(saysAlreadyCancelled(refusal(message))).toBe(true);
    expect(saysAlreadyCancelled(refusal(['other', message]))).toBe(true);
  });

  it.each([
    'Cartão 5001 não encontrado',
    'cardCode do corpo (1) difere do cardCode da URL (2)',
    'Card 5001 not found',
    'Cancellation not allowed',
  ])('does not read «%s» so', (message) => {
    expect(saysAlreadyCancelled(refusal(message))).toBe(false);
  });

  it('only in a 400 Error object', () => {
    expect(saysAlreadyCancelled(refusal('Cartão 5001 já está cancelado', 500))).toBe(false);
    expect(saysAlreadyCancelled(new Error('Cartão 5001 já está cancelado'))).toBe(false);
  });
});

describe('newCardCodeOf', () => {
  const answer = (extra: Record<string, unknown>) => ({
    message: 'Cartão virtual solicitado para a conta 1042426',
    timestamp: '2026-11-21T12:00:00.000Z',
    ...extra,
  });

  it.each([
    [{ cardCode: 5011 }, 5011],
    [{ codigoDoCartao: '5012' }, 5012],
    [{ code: 7 }, 7],
    [{}, null],
    [{ cardCode: 'abc' }, null],
    [{ cardCode: -1 }, null],
    [{ cardCode: 1.5 }, null],
  ])('reads %j as %s', (extra, code) => {
    expect(newCardCodeOf(answer(extra))).toBe(code);
  });
});
