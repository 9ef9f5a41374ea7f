import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { firstFrameFor, firstFrameVariant } from '../../src/app/first-frame/frame-routes';
import { RUNTIME_CONFIG_ELEMENT_ID } from '../../src/config/runtime-config-element';

/**
 * The HTML page a Node server of this project sends for a path (vite preview, the dev server, the bench's
 * static server), as nginx does in production: the sign-in mode's prerendered first frame for that path
 * (dist/first-frames/, scripts/build/first-frames.ts), with the runtime configuration stamped in as a
 * JSON data block, so that the app asks for nothing before its first render (src/config/load-config.ts).
 * A frame holds an include of the data block where it goes (nginx's ssi fills it in at each request,
 * with the block scripts/deploy/render.ts writes); index.html holds config.json's preload there instead
 * (a plain static host sends it as it is, and the app fetches config.json). Either is replaced here.
 */

/** The preload of config.json in index.html, which the data block replaces. */
const CONFIG_PRELOAD = /<link rel="preload" href="\/config\.json" as="fetch" crossorigin="anonymous" \/>/;

/** The internal address of the data block for nginx's ssi (scripts/deploy/render.ts serves it there). */
export const CONFIG_BLOCK_PATH = '/__runtime-config';

/** What a frame holds in place of the data block: an include nginx's ssi fills in. */
export const CONFIG_INCLUDE = `<!--# include virtual="${CONFIG_BLOCK_PATH}" -->`;

/**
 * The configuration as a JSON data block. `<` is written `\u003c` (the same string to JSON), so that no
 * value can end the element (`</script>`) or open a comment.
 */
export function configDataBlock(configText: string): string {
  const json = JSON.stringify(JSON.parse(configText)).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${json}</script>`;
}

/** `html` with the configuration stamped in place of the frame's include or of config.json's preload. */
export function stampConfig(html: string, configText: string): string {
  if (html.includes(CONFIG_INCLUDE)) return html.replace(CONFIG_INCLUDE, () => configDataBlock(configText));
  if (!CONFIG_PRELOAD.test(html))
    throw new Error('the page has no config.json preload to stamp the configuration in place of');
  return html.replace(CONFIG_PRELOAD, () => configDataBlock(configText));
}

/** A frame as the build writes it: `page` with the include of the data block in place of the preload. */
export function withConfigInclude(page: string): string {
  if (!CONFIG_PRELOAD.test(page)) throw new Error('the page has no config.json preload to put the include in place of');
  return page.replace(CONFIG_PRELOAD, () => CONFIG_INCLUDE);
}

interface ConfigShape {
  mode: string;
  auth?: { type: string; redirectPath?: string };
}

/** Which prerendered frame file a path gets, for this configuration. */
export function firstFrameFile(distDir: string, configText: string, pathname: string): string {
  const config = JSON.parse(configText) as ConfigShape;
  const name = firstFrameFor(pathname, config);
  return path.join(distDir, 'first-frames', firstFrameVariant(config), `${name}.html`);
}

/**
 * The page for a navigation to `pathname`: its frame with the configuration stamped in. A build without
 * frames (an older build, such as the bench's `--compare` one) gets its index.html as it is: its app
 * reads config.json, which the page preloads.
 */
export function runtimePage(distDir: string, configText: string, pathname: string): string {
  const frame = firstFrameFile(distDir, configText, pathname);
  if (!existsSync(frame)) return readFileSync(path.join(distDir, 'index.html'), 'utf8');
  return stampConfig(readFileSync(frame, 'utf8'), configText);
}

/** Whether a request is for a page (a navigation): not a file of the build, not the config itself. */
export function isPageRequest(distDir: string, pathname: string): boolean {
  if (pathname === '/' || pathname === '/index.html') return true;
  if (pathname === '/config.json' || pathname.startsWith('/assets/') || pathname.startsWith('/first-frames/'))
    return false;
  const file = path.join(distDir, path.normalize(pathname));
  return !file.startsWith(distDir) || !existsSync(file);
}

/** The config.json a Node server of this project serves: `APP_CONFIG_FILE` (the e2e tests), else `fallback`. */
export function configFileOf(fallback: string): string {
  return process.env.APP_CONFIG_FILE ? path.resolve(process.env.APP_CONFIG_FILE) : fallback;
}

/**
 * `vite preview` sends each page as a deployment does (its first frame, the configuration stamped in);
 * `vite` (the dev server) stamps public/config.json into index.html on every load, read afresh so that an
 * edit shows on reload. The dev server has no first frames: they are a build's.
 */
export function runtimeHtmlPlugin(): Plugin {
  return {
    name: 'runtime-html',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.server) return html;
        const root = context.server.config.root;
        return stampConfig(html, readFileSync(configFileOf(path.join(root, 'public/config.json')), 'utf8'));
      },
    },
    configurePreviewServer(server) {
      const distDir = path.resolve(server.config.root, server.config.build.outDir);
      const configText = readFileSync(configFileOf(path.join(distDir, 'config.json')), 'utf8');
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? '/').split('?')[0] ?? '/';
        if (req.method !== 'GET' && req.method !== 'HEAD') return next();
        if (!isPageRequest(distDir, decodeURIComponent(pathname))) return next();
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(runtimePage(distDir, configText, pathname));
      });
    },
  };
}
