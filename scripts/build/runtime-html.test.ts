import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { firstFrameFor, firstFrameVariant } from '../../src/app/first-frame/frame-routes';
import { configDataBlock, runtimePage, stampConfig, withConfigInclude } from './runtime-html';

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

  it('replaces a frame’s include (what nginx’s ssi fills in) the same way', () => {
    const frame = withConfigInclude(page(''));
    expect(frame).toContain('<!--# include virtual="/__runtime-config" -->');
    expect(frame).not.toContain('rel="preload"');
    expect(stampConfig(frame, token)).toBe(stampConfig(page(''), token));
  });

  it('refuses a page that has no preload to stamp in place of', () => {
    expect(() => stampConfig('<html><head></head></html>', token)).toThrow(/no config.json preload/);
  });
});

describe('which first frame a path gets', () => {
  const oidcConfig = JSON.parse(oidc) as { mode: string; auth: { type: string; redirectPath: string } };
  const tokenConfig = JSON.parse(token) as { mode: string };

  it.each(['/', '/index.html', '/entrar', '/entrar/retorno', '/produtos', '/proposta/nova/dados-pessoais', '/nada'])(
    'token mode, %s: sign-in',
    (pathname) => {
      expect(firstFrameFor(pathname, tokenConfig)).toBe('entrar');
    },
  );

  it.each([
    ['/entrar', 'entrar'],
    ['/entrar/', 'entrar'],
    ['/volta', 'entrando'],
    ['/volta/popup', 'entrando'],
    ['/', 'entrando'],
    ['/produtos', 'entrando'],
    ['/proposta/nova/dados-pessoais', 'entrando'],
    ['/nada', 'entrando'],
  ])('OpenID Connect, %s: %s', (pathname, frame) => {
    expect(firstFrameFor(pathname, oidcConfig)).toBe(frame);
  });

  it('the identity provider’s return is entering even where it is the sign-in path', () => {
    expect(firstFrameFor('/entrar', { mode: 'provider', auth: { type: 'oidc', redirectPath: '/entrar' } })).toBe(
      'entrando',
    );
  });

  it('takes the set of the sign-in mode', () => {
    expect(firstFrameVariant(tokenConfig)).toBe('token-sandbox');
    expect(firstFrameVariant(oidcConfig)).toBe('oidc-provider');
  });

  it('sends the mode’s frame stamped, and a build without frames its index.html as it is', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'runtime-html-'));
    try {
      writeFileSync(path.join(dist, 'index.html'), page(''));
      expect(runtimePage(dist, oidc, '/volta')).toBe(page(''));
      mkdirSync(path.join(dist, 'first-frames/oidc-provider'), { recursive: true });
      writeFileSync(
        path.join(dist, 'first-frames/oidc-provider/entrando.html'),
        withConfigInclude(page('<h1>Entrando</h1>')),
      );
      const sent = runtimePage(dist, oidc, '/volta');
      expect(sent).toContain('<h1>Entrando</h1>');
      expect(sent).toContain('id="runtime-config"');
      expect(sent).not.toContain('<!--#');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
