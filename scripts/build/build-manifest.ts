import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Vite's build manifest (which chunk each module became), read by scripts/check-bundle-size.ts. Nothing in
 * it is for browsers, so it is moved out of the build once written: dist/ holds only what is served.
 */
export const buildManifestPath = path.resolve(
  import.meta.dirname,
  '../../node_modules/.cache/build/manifest.json',
);

/** Vite writes the manifest to <outDir>/.vite/manifest.json (build.manifest: true); this moves it. */
export function manifestOutsideDist(): Plugin {
  let outDir = '';
  return {
    name: 'manifest-outside-dist',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const written = path.join(outDir, '.vite/manifest.json');
      if (!existsSync(written)) return;
      mkdirSync(path.dirname(buildManifestPath), { recursive: true });
      copyFileSync(written, buildManifestPath);
      rmSync(written);
      const viteDir = path.dirname(written);
      if (readdirSync(viteDir).length === 0) rmSync(viteDir, { recursive: true });
    },
  };
}
