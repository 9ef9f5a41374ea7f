import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { APP_SCRIPTS_TEMPLATE_ID, EARLY_INPUT_SCRIPT } from '../../src/app/first-frame/early-input';
import type { FirstFrameVariant } from '../../src/app/first-frame/frame-routes';
import type { RenderedFirstFrame } from '../../src/app/first-frame/render-first-frames';
import { withConfigInclude } from './runtime-html';

/**
 * The first frames (docs/decisions/028-the-first-frame-is-the-app.md): once the client build is written,
 * renders src/app/first-frame/render-first-frames.tsx with React's server renderer (a server build of that
 * one entry, run here) and writes each frame into a copy of the built index.html:
 * `dist/first-frames/<mode>/<frame>.html` (sign-in, and with OpenID Connect the entering frame), which a
 * server sends for a path with the runtime configuration stamped in where the frame includes it
 * (scripts/build/runtime-html.ts; nginx's ssi, scripts/deploy/render.ts). `dist/index.html` itself holds
 * the provider token mode's sign-in, the frame a plain static host sends with its config.json beside it.
 *
 * Every page also gets the early-input script in its head (src/app/first-frame/early-input.ts): it keeps
 * what is pressed before the app runs.
 */
export function firstFramesPlugin(): Plugin[] {
  let root = '';
  let outDir = '';
  return [
    {
      name: 'early-input-script',
      transformIndexHtml: { order: 'pre', handler: (html) => withEarlyInputScript(html) },
    },
    {
      name: 'scripts-after-the-frame',
      apply: 'build',
      transformIndexHtml: { order: 'post', handler: (html) => withScriptsAfterTheFrame(html) },
    },
    {
      name: 'first-frames',
      // Only a build that writes dist/ (not the image's bundle survey, which writes nothing).
      apply: (config, { command }) =>
        command === 'build' && !config.build?.ssr && config.build?.write !== false,
      configResolved(config) {
        root = config.root;
        outDir = path.resolve(config.root, config.build.outDir);
      },
      closeBundle: {
        sequential: true,
        order: 'post',
        async handler() {
          await writeFirstFrames(root, outDir);
        },
      },
    },
  ];
}

/** index.html with the early-input script first in its head, before anything can be pressed. */
export function withEarlyInputScript(html: string): string {
  if (!html.includes('<head>')) throw new Error('index.html has no <head> for the early-input script');
  return html.replace('<head>', () => `<head>\n    <script>${EARLY_INPUT_SCRIPT}</script>`);
}

/**
 * The app's script elements (the entry and its preloads, as Vite writes them) moved into an inert
 * `<template>`, which the early-input script starts once the frame has painted (src/app/first-frame/
 * early-input.ts): the first paint is the HTML's own and needs none of them.
 */
export function withScriptsAfterTheFrame(html: string): string {
  const elements = [
    ...html.matchAll(/\s*(<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g),
  ];
  if (elements.length === 0) throw new Error('index.html has no module script to start after the frame');
  let page = html;
  for (const [whole] of elements) page = page.replace(whole, '');
  const template = `<template id="${APP_SCRIPTS_TEMPLATE_ID}">${elements.map(([, element]) => element).join('')}</template>`;
  return page.replace('</head>', () => `  ${template}\n  </head>`);
}

/** The mode whose sign-in `dist/index.html` holds: a plain static host's, most often a provider's. */
export const STATIC_HOST_VARIANT: FirstFrameVariant = 'token-provider';

/** Where the server build of the frames' entry goes: out of dist/, never served. */
const serverBuildDir = (root: string) => path.join(root, 'node_modules/.cache/first-frames');

async function renderFrames(root: string): Promise<RenderedFirstFrame[]> {
  const serverDir = serverBuildDir(root);
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: { '@': path.join(root, 'src') } },
    build: {
      ssr: path.join(root, 'src/app/first-frame/render-first-frames.tsx'),
      outDir: serverDir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      copyPublicDir: false,
    },
  });
  const entry = pathToFileURL(path.join(serverDir, 'render-first-frames.js')).href;
  const { renderFirstFrames } = (await import(entry)) as {
    renderFirstFrames: () => RenderedFirstFrame[];
  };
  return renderFirstFrames();
}

export async function writeFirstFrames(root: string, outDir: string): Promise<void> {
  const frames = await renderFrames(root);
  const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const framesDir = path.join(outDir, 'first-frames');
  rmSync(framesDir, { recursive: true, force: true });
  for (const frame of frames) {
    const file = path.join(framesDir, frame.variant, `${frame.name}.html`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, withConfigInclude(firstFramePage(template, frame)));
  }
  const staticHost = frames.find((frame) => frame.variant === STATIC_HOST_VARIANT && frame.name === 'entrar');
  if (!staticHost) throw new Error(`no sign-in frame was rendered for ${STATIC_HOST_VARIANT}`);
  writeFileSync(path.join(outDir, 'index.html'), firstFramePage(template, staticHost));
}

/** Escapes a text for HTML. */
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char,
  );

/**
 * index.html with the frame in `#root` (which says which frame it is: main.tsx hydrates only its own mode's
 * sign-in), its style elements at the end of the head, and its title.
 */
export function firstFramePage(
  template: string,
  frame: Pick<RenderedFirstFrame, 'markup' | 'styles' | 'title' | 'variant' | 'name' | 'hydrated'>,
): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root) || !/<title>[^<]*<\/title>/.test(template))
    throw new Error('index.html has no empty <div id="root"></div> or no <title> for the first frame');
  const marker = frame.hydrated ? `${frame.variant}/${frame.name}` : `${frame.variant}/${frame.name}/drawn`;
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(frame.title)}</title>`)
    .replace('</head>', () => `  ${frame.styles}\n  </head>`)
    .replace(root, () => `<div id="root" data-first-frame="${marker}">${frame.markup}</div>`);
}
