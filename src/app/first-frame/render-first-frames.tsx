/**
 * The build's server-side entry (scripts/build/first-frames.ts): renders every first frame of every
 * sign-in mode with React's server renderer and returns its markup and critical CSS. Never part of the
 * app's own bundle.
 *
 * The CSS comes from Emotion's cache (MUI's styles) for the light theme, plus the dark theme's rules
 * inside `@media (prefers-color-scheme: dark)`: both themes draw the same elements, so the dark render's
 * class names are mapped, element by element, onto the light render's. The first frame is then in the
 * system's colour scheme with no script (and so no CSP hash for one).
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { renderToString } from 'react-dom/server';
import { parseRuntimeConfig } from '@/config/load-config';
import { initI18n } from '../i18n/i18n';
import type { ColorMode } from '../theme';
import { FirstFrame } from './first-frame';
import {
  firstFrameNames,
  firstFrameVariants,
  type FirstFrameName,
  type FirstFrameVariant,
} from './frame-routes';

export interface RenderedFirstFrame {
  variant: FirstFrameVariant;
  name: FirstFrameName;
  /** The document's title, as the page sets it once it runs. */
  title: string;
  /** What goes inside `<div id="root">`. */
  markup: string;
  /** The critical CSS: every rule the markup uses, in both colour schemes. */
  css: string;
}

/** The configuration each mode's frames are drawn with: only its mode and sign-in matter to them. */
function configOf(variant: FirstFrameVariant) {
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

interface Render {
  markup: string;
  title: string;
  /** Emotion's rules by style name (`css-<name>`), in insertion order; global rules too. */
  rules: Map<string, string>;
}

function render(variant: FirstFrameVariant, name: FirstFrameName, colorMode: ColorMode): Render {
  const cache = createCache({ key: 'css' });
  // Emotion's server mode keeps each inserted rule's text in `cache.inserted` (what @emotion/server reads).
  cache.compat = true;
  const html = renderToString(
    <CacheProvider value={cache}>
      <FirstFrame config={configOf(variant)} name={name} colorMode={colorMode} />
    </CacheProvider>,
  );
  // React 19 renders the page's <title> where the component has it; the document's head holds it instead.
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  const markup = html.replace(/<title>[^<]*<\/title>/g, '');
  const rules = new Map<string, string>();
  for (const [key, value] of Object.entries(cache.inserted)) {
    if (typeof value === 'string') rules.set(key, value);
  }
  return { markup, title, rules };
}

/** Each element's opening tag, in document order. */
const openingTags = (markup: string) =>
  [...markup.matchAll(/<[a-z][a-z0-9]*(?:\s[^>]*)?>/g)].map(([tag]) => tag);

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? '';

const emotionName = (tag: string) => /\bcss-([a-z0-9]+)\b/.exec(attribute(tag, 'class'))?.[1] ?? '';

/** An inline style's declarations by property (MUI sets a few custom properties inline, e.g. `--Paper-overlay`). */
function declarations(style: string): Map<string, string> {
  const byProperty = new Map<string, string>();
  for (const declaration of style.replaceAll('&quot;', '"').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0) byProperty.set(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
  }
  return byProperty;
}

interface Pairing {
  /** The light render's markup, with a class added to each element whose inline style differs in dark. */
  markup: string;
  /** The dark render's rules, written for the light render's elements, inside the dark media query. */
  darkCss: string;
}

/**
 * Pairs the two renders element by element (they draw the same elements: only colours differ): each dark
 * class name stands for the light one in the same place, and an inline style that differs becomes a rule
 * on a class of its own (`!important`, to win over the light inline style it replaces).
 */
function pair(light: Render, dark: Render): Pairing {
  const lightTags = openingTags(light.markup);
  const darkTags = openingTags(dark.markup);
  if (lightTags.length !== darkTags.length)
    throw new Error('the light and dark first frames differ in shape: their styles cannot be paired');
  const lightOf = new Map<string, string>();
  const styleRules: string[] = [];
  let markup = light.markup;
  let searchFrom = 0;
  lightTags.forEach((lightTag, index) => {
    const darkTag = darkTags[index] ?? '';
    const [lightName, darkName] = [emotionName(lightTag), emotionName(darkTag)];
    if (darkName !== '' && darkName !== lightName) {
      const known = lightOf.get(darkName);
      if (known !== undefined && known !== lightName)
        throw new Error(
          `the dark style css-${darkName} stands for two light ones: css-${known}, css-${lightName}`,
        );
      lightOf.set(darkName, lightName);
    }
    const at = markup.indexOf(lightTag, searchFrom);
    searchFrom = at + lightTag.length;
    const lightStyle = declarations(attribute(lightTag, 'style'));
    const changed = [...declarations(attribute(darkTag, 'style'))].filter(
      ([property, value]) => lightStyle.get(property) !== value,
    );
    if (changed.length === 0) return;
    const className = `first-frame-dark-${styleRules.length}`;
    styleRules.push(
      `.${className}{${changed.map(([property, value]) => `${property}:${value} !important`).join(';')}}`,
    );
    const tagged = lightTag.replace(/\sclass="/, ` class="${className} `);
    markup = markup.slice(0, at) + tagged + markup.slice(at + lightTag.length);
    searchFrom = at + tagged.length;
  });
  const rules: string[] = [];
  for (const [name, text] of dark.rules) {
    if (light.rules.get(name) === text) continue;
    const lightName = lightOf.get(name);
    // A global rule (the baseline's html/body) applies as it is; a class's rule moves onto the light class.
    rules.push(
      lightName ? text.replace(new RegExp(`\\.css-${name}(?![a-z0-9])`, 'g'), `.css-${lightName}`) : text,
    );
  }
  rules.push(...styleRules);
  return {
    markup,
    darkCss: rules.length > 0 ? `@media (prefers-color-scheme: dark){${rules.join('')}}` : '',
  };
}

/**
 * The frame's controls do nothing until the app takes the frame over: they say so (`aria-disabled`,
 * which also makes a test runner wait for the app's own), and a field takes no typing that the takeover
 * would drop (`readonly`). Nothing changes on screen.
 */
export function awaitingTheApp(markup: string): string {
  return markup
    .replace(/<button\b/g, '<button aria-disabled="true"')
    .replace(/<input\b/g, '<input aria-disabled="true" readonly=""');
}

/** Every first frame of every sign-in mode. */
export function renderFirstFrames(): RenderedFirstFrame[] {
  initI18n();
  return firstFrameVariants.flatMap((variant) =>
    firstFrameNames.map((name) => {
      const light = render(variant, name, 'light');
      const dark = render(variant, name, 'dark');
      if (light.rules.size === 0) throw new Error('nothing was rendered');
      const { markup, darkCss } = pair(light, dark);
      const css = [...light.rules.values()].join('') + darkCss;
      return { variant, name, title: light.title, markup: awaitingTheApp(markup), css };
    }),
  );
}
