import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import type { RenderedFirstFrame } from '../../src/app/first-frame/render-first-frames';

/**
 * The first frames (docs/decisions/021-first-frame-from-the-html.md): once the client build is written,
 * renders src/app/first-frame/render-first-frames.tsx with React's server renderer (a server build of
 * that one entry, run here) and writes each frame into a copy of the built index.html:
 * `dist/first-frames/<mode>/<frame>.html`. A server sends the right one for a path and stamps the runtime
 * configuration into it (scripts/build/runtime-html.ts; deploy/start.sh for nginx).
 */
export function firstFramesPlugin(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'first-frames',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
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
  };
}

/** Where the server build of the frames' entry goes: out of dist/, never served. */
const serverBuildDir = (root: string) => path.join(root, 'node_modules/.cache/first-frames');

export async function writeFirstFrames(root: string, outDir: string): Promise<void> {
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
  const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const framesDir = path.join(outDir, 'first-frames');
  rmSync(framesDir, { recursive: true, force: true });
  for (const frame of renderFirstFrames()) {
    const file = path.join(framesDir, frame.variant, `${frame.name}.html`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, firstFramePage(template, frame));
  }
}

/** Escapes a text for HTML. */
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char,
  );

/**
 * index.html with the frame in `#root`, its CSS in the head (removed by the app once it has drawn the
 * same screen: src/app/first-frame/first-frame-takeover.ts) and its title.
 */
export function firstFramePage(
  template: string,
  frame: Pick<RenderedFirstFrame, 'markup' | 'css' | 'title'>,
): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root) || !/<title>[^<]*<\/title>/.test(template))
    throw new Error('index.html has no empty <div id="root"></div> or no <title> for the first frame');
  if (frame.css.includes('</style')) throw new Error('a first frame rule would end its <style> element');
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(frame.title)}</title>`)
    .replace('</head>', () => `  <style data-first-frame>${frame.css}</style>\n  </head>`)
    .replace(root, () => `<div id="root">${frame.markup}</div>`);
}
