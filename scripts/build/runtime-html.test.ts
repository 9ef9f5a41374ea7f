import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { firstFrameFor, firstFrameVariant } from '../../src/app/first-frame/frame-routes';
import { configDataBlock, runtimePage, stampConfig } from './runtime-html';

const page = (body: string) => `<!doctype html>
<html><head><title>t</title>
    <link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous" />
</head><body><div id="root">${body}</div></body></html>`;

const token = JSON.stringify({
  mode: 'sandbox',
  baseUrl: '/api',
  accountsBaseUrl: '/accounts',
  environmentName: 'Dev',
});
const oidc = JSON.stringify({
  mode: 'provider',
  baseUrl: '/api',
  accountsBaseUrl: '/accounts',
  environmentName: 'Prod',
  auth: {
    type: 'oidc',
    authority: 'https://idp.example',
    clientId: 'c',
    scope: 'openid',
    redirectPath: '/volta',
  },
});

describe('the configuration stamped into a page', () => {
  it('replaces config.json’s preload with a JSON data block holding the same configuration', () => {
    const html = stampConfig(page(''), token);
    expect(html).not.toContain('rel="preload"');
    const block = /<script type="application\/json" id="runtime-config">(.*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(block ?? 'null')).toEqual(JSON.parse(token));
  });

  it('writes < as \\u003c, so that no value ends the element or opens a comment', () => {
    const hostile = JSON.stringify({ environmentName: '</script><script>alert(1)</script><!--' });
    const block = configDataBlock(hostile);
    expect(block.match(/</g)).toHaveLength(2); // the element's own opening and closing tags
    expect(JSON.parse(block.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''))).toEqual(
      JSON.parse(hostile),
    );
  });

  it('refuses a page that has no preload to stamp in place of', () => {
    expect(() => stampConfig('<html><head></head></html>', token)).toThrow(/no config.json preload/);
  });
});

describe('which first frame a path gets', () => {
  it.each([
    ['/', 'produtos'],
    ['/index.html', 'produtos'],
    ['/entrar', 'entrar'],
    ['/entrar/', 'entrar'],
    ['/entrar/retorno', 'retorno'],
    ['/entrar/retorno/popup', 'retorno'],
    ['/produtos', 'produtos'],
    ['/proposta/nova', 'proposta-nova'],
    ['/proposta/nova/dados-pessoais', 'proposta-nova'],
    ['/analises', 'analises'],
    ['/analises/lote', 'analises-lote'],
    ['/cartoes', 'cartoes'],
    ['/contas/', 'contas'],
    ['/produtos/x', 'nao-encontrada'],
    ['/nada', 'nao-encontrada'],
  ])('%s: %s', (pathname, frame) => {
    expect(firstFrameFor(pathname)).toBe(frame);
  });

  it('knows the identity provider’s return by the configured path', () => {
    expect(firstFrameFor('/volta', '/volta')).toBe('retorno');
    expect(firstFrameFor('/entrar/retorno', '/volta')).toBe('nao-encontrada');
  });

  it('takes the set of the sign-in mode', () => {
    expect(firstFrameVariant(JSON.parse(token) as { mode: string })).toBe('token-sandbox');
    expect(firstFrameVariant(JSON.parse(oidc) as { mode: string })).toBe('oidc-provider');
  });

  it('sends the mode’s frame stamped, and a build without frames its index.html as it is', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'runtime-html-'));
    try {
      writeFileSync(path.join(dist, 'index.html'), page(''));
      expect(runtimePage(dist, oidc, '/volta')).toBe(page(''));
      mkdirSync(path.join(dist, 'first-frames/oidc-provider'), { recursive: true });
      writeFileSync(path.join(dist, 'first-frames/oidc-provider/retorno.html'), page('<h1>Entrando</h1>'));
      const sent = runtimePage(dist, oidc, '/volta');
      expect(sent).toContain('<h1>Entrando</h1>');
      expect(sent).toContain('id="runtime-config"');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
