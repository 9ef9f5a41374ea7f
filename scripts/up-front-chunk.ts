import type { Plugin } from 'vite';

/**
 * One file for what the first screen loads anyway (issue 14, docs/decisions/004-bundle-budget.md).
 *
 * The automatic chunking cuts the entry's static imports into ~13 files, because the lazy screens share
 * them; on a slow link each file is one more request before the first paint. This plugin gathers every
 * module the entry imports statically once the module graph is complete (`buildEnd`), and `test` gives
 * them to one `output.codeSplitting` group, so index.html loads the entry, that chunk and the runtime.
 * The lazy screens import from it what they share; nothing a lazy screen alone needs joins it.
 */
export function upFrontChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const upFront = new Set<string>();
  return {
    test: (id) => upFront.has(id),
    plugin: {
      name: 'up-front-chunk',
      apply: 'build',
      // A watch build starts over: a module no longer imported must not stay up front.
      buildStart() {
        upFront.clear();
      },
      buildEnd() {
        const htmlEntries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
        // index.html imports src/main.tsx, which stays the entry chunk; what main.tsx imports goes up front.
        const mains = htmlEntries.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []);
        // importedIds are the static imports only: a lazy screen (import()) is not followed.
        const pending = mains.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []);
        while (pending.length > 0) {
          const id = pending.pop();
          if (id === undefined || upFront.has(id)) continue;
          upFront.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      },
    },
  };
}
