/**
 * The build's server-side entry (scripts/build/first-frames.ts): renders each sign-in mode's first frames
 * with React's server renderer and returns their markup and styles. Never part of the app's own bundle.
 *
 * Sign-in is the app itself (`<App>` at `/entrar`, the tree main.tsx hydrates): its markup and its styles
 * are the first render's, so that the app adopts the frame's nodes and Emotion the frame's style
 * elements. The theme's colours are CSS variables with the dark scheme's under `@media
 * (prefers-color-scheme: dark)` (theme.ts): one frame for both schemes, with no script.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { createServices } from '@/api/services';
import { session } from '@/api/session';
import { paths } from '@/config/paths';
import { parseRuntimeConfig } from '@/config/load-config';
import { App } from '../app';
import { initI18n } from '../i18n/i18n';
import { createAppQueryClient } from '../query-client';
import { routes } from '../router';
import { EnteringFrame } from './first-frame';
import { firstFrameVariants, type FirstFrameVariant } from './frame-routes';

/** The frames a mode has: sign-in, and with OpenID Connect the page that is going to (or back from) it. */
export type RenderedFrameName = 'entrar' | 'entrando';

export interface RenderedFirstFrame {
  variant: FirstFrameVariant;
  name: RenderedFrameName;
  /** The document's title, as the page sets it once it runs. */
  title: string;
  /** What goes inside `<div id="root">`. */
  markup: string;
  /** Emotion's `<style data-emotion>` elements for the head: every rule the markup uses. */
  styles: string;
  /** Whether the app hydrates this frame (sign-in) or draws its first screen over it (entering). */
  hydrated: boolean;
}

/** The configuration each mode's frames are drawn with: only its mode and sign-in matter to them. */
export function frameConfigOf(variant: FirstFrameVariant) {
  const [auth, mode] = variant.split('-');
  return parseRuntimeConfig({
    mode,
    baseUrl: '/api',
    accountsBaseUrl: '/accounts',
    environmentName: '-',
    ...(auth === 'oidc'
      ? { auth: { type: 'oidc', authority: 'https://idp.invalid', clientId: 'first-frame', scope: 'openid' } }
      : {}),
  });
}

/** The app at sign-in, as main.tsx renders it for a cold start of this mode. */
function signInApp(variant: FirstFrameVariant): ReactNode {
  const config = frameConfigOf(variant);
  const services = createServices(config, { session, identityProvider: null, onFailure: () => undefined });
  const router = createMemoryRouter(routes, { initialEntries: [paths.signIn] });
  return (
    <StrictMode>
      <App config={config} services={services} queryClient={createAppQueryClient()} router={router} />
    </StrictMode>
  );
}

const escapeAttribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * The style elements of a server render, as Emotion's own server package writes them
 * (`extractCriticalToChunks`): each global style in its own `css-global <name>` element, which `<Global>`
 * adopts in the browser, then one `css <names…>` element with every class rule, whose names the browser's
 * cache marks as inserted. Then nothing is inserted twice, and no rule is lost.
 */
function styleElements(cache: EmotionCache, markup: string): string {
  const used = new Set([...markup.matchAll(/\bcss-([a-zA-Z0-9-_]+)/g)].map(([, name]) => name));
  const globals: string[] = [];
  const classNames: string[] = [];
  let classRules = '';
  for (const [name, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    const isClass = cache.registered[`${cache.key}-${name}`] !== undefined;
    if (!isClass) {
      globals.push(`<style data-emotion="${cache.key}-global ${escapeAttribute(name)}">${rules}</style>`);
    } else if (used.has(name)) {
      classNames.push(name);
      classRules += rules;
    }
  }
  const css = [
    ...globals,
    `<style data-emotion="${cache.key} ${classNames.join(' ')}">${classRules}</style>`,
  ];
  if (css.some((element) => element.slice(element.indexOf('>') + 1, -'</style>'.length).includes('</style')))
    throw new Error('a first frame rule would end its <style> element');
  return css.join('');
}

function render(tree: ReactNode): { markup: string; styles: string; title: string } {
  const cache = createCache({ key: 'css' });
  // Emotion's server mode keeps each inserted rule's text in `cache.inserted` (what @emotion/server reads)
  // instead of writing <style> elements into the markup.
  cache.compat = true;
  const html = renderToString(<CacheProvider value={cache}>{tree}</CacheProvider>);
  // React 19 renders the page's <title> where the component has it; the document's head holds it instead.
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  const markup = html.replace(/<title>[^<]*<\/title>/g, '');
  if (markup.trim() === '') throw new Error('nothing was rendered');
  return { markup, styles: styleElements(cache, markup), title };
}

/** Every first frame of every sign-in mode. */
export function renderFirstFrames(): RenderedFirstFrame[] {
  initI18n();
  return firstFrameVariants.flatMap((variant): RenderedFirstFrame[] => {
    const signIn = { variant, name: 'entrar' as const, hydrated: true, ...render(signInApp(variant)) };
    if (!variant.startsWith('oidc')) return [signIn];
    const entering = render(<EnteringFrame config={frameConfigOf(variant)} />);
    return [signIn, { variant, name: 'entrando', hydrated: false, ...entering }];
  });
}
