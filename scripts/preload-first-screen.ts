import type { Plugin } from 'vite';

/**
 * Adds `<link rel="modulepreload">` tags to the built index.html for the chunks of the screen a cold start
 * shows first (sign-in: the token lives in memory only, so every cold start lands there), so that the
 * browser fetches them in parallel with the entry instead of after it has run, read /config.json and
 * rendered the router (the waterfall measured in issue 14). The chunk stays lazy in the code: the other
 * screens do not wait for it, and a deployment that starts elsewhere only pays a few idle requests.
 */
export function preloadFirstScreenPlugin(moduleIds: readonly string[]): Plugin {
  return {
    name: 'preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const files = new Set<string>();
        const add = (fileName: string) => {
          const chunk = bundle[fileName];
          if (!chunk || chunk.type !== 'chunk' || files.has(fileName)) return;
          files.add(fileName);
          for (const imported of chunk.imports) add(imported);
        };
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          const id = output.facadeModuleId?.replaceAll('\\', '/') ?? '';
          if (moduleIds.some((moduleId) => id.endsWith(moduleId))) add(output.fileName);
        }
        if (files.size === 0)
          throw new Error(`preload-first-screen: no chunk for ${moduleIds.join(', ')} (renamed?)`);
        const base = context.server?.config.base ?? '/';
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
