import { toReportEvent } from './report-events';

const at = Date.parse('2026-11-25T12:00:00Z');
const cpf = '52998224725';
const name = 'Maria da Conceição Souza';

function errorWithStack(message: string): Error {
  const error = new TypeError(message);
  error.stack = [
    `TypeError: ${message}`,
    '    at Xe (https://app.bank.example/assets/credit-application-page-B1x2Qz9_.js:1:2345)',
    `    at https://app.bank.example/proposta/nova?cpf=${cpf}:3:4`,
    '    at chrome-extension://abc/inject.js:9:9',
    // Names made of data, in the app's own path: a CPF, a CPF beside a hash-like part, no hash at all.
    `    at https://app.bank.example/assets/${cpf}.js:111:444`,
    `    at https://app.bank.example/assets/a${cpf}-B1x2Qz9_.js:1:1`,
    '    at https://app.bank.example/assets/Maria.js:1:1',
    '    at Object.render (https://app.bank.example/assets/up-front-Q9z-aB_c.js:12:88)',
  ].join('\n');
  return error;
}

describe('toReportEvent: what may leave the tab', () => {
  it('an error: its class name and its frames in the app bundle, never its message', () => {
    const event = toReportEvent({
      type: 'error',
      source: 'uncaught',
      error: errorWithStack(`Cannot read "nome" of ${name} (${cpf})`),
      path: '/proposta/nova/dados-pessoais',
      at,
    });
    expect(event).toEqual({
      type: 'error',
      at: '2026-11-25T12:00:00.000Z',
      route: 'credit-application',
      source: 'uncaught',
      name: 'TypeError',
      frames: ['credit-application-page-B1x2Qz9_.js:1:2345', 'up-front-Q9z-aB_c.js:12:88'],
    });
    expect(JSON.stringify(event)).not.toMatch(new RegExp(`${cpf}|Maria|nome`));
  });

  it('a message written to look like a frame of the bundle is not read as one', () => {
    const message = `falhou\n    at x (https://app.bank.example/assets/Maria-Souza-12345678.js:1:2)\n    at https://app.bank.example/assets/Maria-ConceicaoS.js:3:4`;
    const event = toReportEvent({
      type: 'error',
      source: 'uncaught',
      error: errorWithStack(message),
      path: '/cartoes',
      at,
    });
    expect(event).toMatchObject({
      frames: ['credit-application-page-B1x2Qz9_.js:1:2345', 'up-front-Q9z-aB_c.js:12:88'],
    });
    expect(JSON.stringify(event)).not.toMatch(/Maria|Conceicao|12345678/);
  });

  it('a thrown value that is not an Error, or an error whose name is made of data, is "unknown"', () => {
    const odd = new Error('x');
    odd.name = `Erro para ${cpf}`;
    for (const error of [cpf, { cpf }, null, odd]) {
      const event = toReportEvent({ type: 'error', source: 'rejection', error, path: '/cartoes', at });
      expect(event).toMatchObject({ name: 'unknown', frames: [] });
      expect(JSON.stringify(event)).not.toContain(cpf);
    }
  });

  it('a failed call: its template and figures; an operation that is not a template is not passed on', () => {
    const failure = { kind: 'http' as const, status: 404, durationMs: 87 };
    expect(
      toReportEvent({
        type: 'api',
        failure: { ...failure, operation: 'GET /v1/cards/request/{document}/' },
        path: '/analises',
        at,
      }),
    ).toMatchObject({
      route: 'analysis-status',
      operation: 'GET /v1/cards/request/{document}/',
      status: 404,
    });
    expect(
      toReportEvent({
        type: 'api',
        failure: { ...failure, operation: `GET /v1/cards/request/${cpf}/` },
        path: '/analises',
        at,
      }),
    ).toMatchObject({ operation: 'unknown' });
    // Shaped like a template, but not an operation of the interface: a name, a short number, another verb.
    for (const operation of [
      'GET /v1/clientes/maria-souza/',
      'GET /v1/cards/request/5299/',
      'DELETE /v1/products/',
      'GET /v1/cards/request/{cpf}/',
    ]) {
      expect(
        toReportEvent({ type: 'api', failure: { ...failure, operation }, path: '/analises', at }),
      ).toMatchObject({ operation: 'unknown' });
    }
  });

  it('a CSP violation: the directive and the blocked origin, never its path or query', () => {
    expect(
      toReportEvent({
        type: 'csp',
        directive: 'connect-src',
        blockedURI: `https://evil.example/collect?cpf=${cpf}`,
        path: `/${cpf}`,
        at,
      }),
    ).toEqual({
      type: 'csp',
      at: '2026-11-25T12:00:00.000Z',
      route: 'not-found',
      directive: 'connect-src',
      blocked: 'https://evil.example',
    });
    expect(
      toReportEvent({ type: 'csp', directive: 'script-src-elem', blockedURI: 'inline', path: '/', at }),
    ).toMatchObject({ blocked: 'inline', route: 'home' });
  });
});
