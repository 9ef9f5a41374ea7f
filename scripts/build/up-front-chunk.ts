import type { Plugin, Rolldown } from 'vite';

/**
 * One file for what the first screen loads anyway (docs/decisions/004-bundle-budget.md).
 *
 * The automatic chunking cuts the entry's static imports into ~13 files, because the lazy screens share
 * them; on a slow link each file is one more request before the first paint. This plugin works out, once
 * the module graph is complete (`buildEnd`), every module the entry needs, and `test` gives them to one
 * `output.codeSplitting` group, so index.html loads the entry, that chunk and the runtime. The lazy
 * screens import from it what they share; nothing a lazy screen alone needs joins it.
 *
 * "Needs" follows the names imported, not only the files: a package's index re-exports everything it has
 * (`@tanstack/react-query`'s index re-exports `useQuery` beside `QueryClientProvider`), and following
 * every file such an index imports would put in the first download modules that only lazy screens use.
 * So each module is parsed: its own imports are followed with the names they import, and its re-exports
 * (`export { x } from`, `export * from`) only for the names asked of it. A module that is not an ES
 * module (CommonJS: react, react-dom) brings all it imports.
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
      async buildEnd() {
        const htmlEntries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
        // index.html imports src/main.tsx, which stays the entry chunk; what main.tsx needs goes up front.
        const mains = htmlEntries.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []);
        const needed = await neededModules(this, mains);
        for (const id of needed) if (!mains.includes(id)) upFront.add(id);
      },
    },
  };
}

/** Names asked of a module: some exports, or all of it (its own code, `import *`, a side effect). */
type Need = 'all' | Set<string>;

interface ModuleLinks {
  /** Whether the module has code of its own (beyond imports and re-exports). */
  ownCode: boolean;
  /** What its own code imports, by resolved id. */
  imports: Array<{ id: string; names: Need }>;
  /** `export { local as exported } from` and `export * from` (exported: null), by resolved id. */
  reexports: Array<{ id: string; local: string | null; exported: string | null }>;
}

type Context = Rolldown.PluginContext;

/** The modules reachable from `roots` through the names they import (see upFrontChunk). */
async function neededModules(context: Context, roots: readonly string[]): Promise<Set<string>> {
  const needs = new Map<string, Need>();
  const links = new Map<string, ModuleLinks | null>();
  const pending: string[] = [];
  const want = (id: string, names: Need) => {
    const current = needs.get(id);
    if (current === 'all') return;
    if (names === 'all') needs.set(id, 'all');
    else {
      const merged = new Set(current);
      for (const name of names) merged.add(name);
      if (current && merged.size === current.size) return;
      needs.set(id, merged);
    }
    pending.push(id);
  };
  for (const root of roots) want(root, 'all');
  while (pending.length > 0) {
    const id = pending.pop();
    if (id === undefined) break;
    const need = needs.get(id) ?? 'all';
    if (!links.has(id)) links.set(id, await linksOf(context, id));
    const module = links.get(id);
    if (!module) {
      // Not an ES module (or no code to read): all it imports.
      for (const imported of context.getModuleInfo(id)?.importedIds ?? []) want(imported, 'all');
      continue;
    }
    // Its own code runs as soon as any of it is used: whatever it imports is needed.
    if (module.ownCode || need === 'all') for (const { id: from, names } of module.imports) want(from, names);
    for (const { id: from, local, exported } of module.reexports) {
      if (exported === null && local === null) {
        // export * from: the names asked of this module that the other one has.
        if (need === 'all') want(from, 'all');
        else {
          const theirs = new Set(context.getModuleInfo(from)?.exports ?? []);
          const asked = [...need].filter((name) => theirs.size === 0 || theirs.has(name));
          if (asked.length > 0) want(from, new Set(asked));
        }
      } else if (need === 'all' || (exported !== null && need.has(exported))) {
        // export { local as exported } from; `export * as ns from` (local null) asks for all of it.
        want(from, local === null ? 'all' : new Set([local]));
      }
    }
  }
  return new Set(needs.keys());
}

/** A module's imports and re-exports, resolved; null when it cannot be read as an ES module. */
async function linksOf(context: Context, id: string): Promise<ModuleLinks | null> {
  const info = context.getModuleInfo(id);
  if (!info?.code || info.inputFormat === 'cjs') return null;
  let program;
  try {
    program = context.parse(info.code);
  } catch {
    return null;
  }
  const resolved = new Map<string, string | null>();
  const resolve = async (specifier: string) => {
    if (!resolved.has(specifier)) {
      const result = await context.resolve(specifier, id);
      resolved.set(specifier, result && !result.external ? result.id : null);
    }
    return resolved.get(specifier) ?? null;
  };
  const nameOf = (node: { type: string; name?: string; value?: unknown }) =>
    node.type === 'Identifier' ? (node.name ?? '') : String(node.value);
  const links: ModuleLinks = { ownCode: false, imports: [], reexports: [] };
  // Imported bindings by local name, for `import { x } from './x'; export { x };` (a bundled index).
  const bindings = new Map<string, { id: string; name: string | null }>();
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      const from = await resolve(statement.source.value);
      if (from === null) continue;
      let names: Need = new Set<string>();
      if (statement.specifiers.length === 0) names = 'all'; // a side effect: all of it
      for (const specifier of statement.specifiers) {
        const name =
          specifier.type === 'ImportNamespaceSpecifier'
            ? null
            : specifier.type === 'ImportDefaultSpecifier'
              ? 'default'
              : nameOf(specifier.imported);
        bindings.set(specifier.local.name, { id: from, name });
        if (name === null) names = 'all';
        else if (names !== 'all') names.add(name);
      }
      links.imports.push({ id: from, names });
    } else if (statement.type === 'ExportAllDeclaration') {
      const from = await resolve(statement.source.value);
      if (from === null) continue;
      const exported = statement.exported ? nameOf(statement.exported) : null;
      links.reexports.push({ id: from, local: null, exported });
    } else if (statement.type === 'ExportNamedDeclaration' && statement.source) {
      const from = await resolve(statement.source.value);
      if (from === null) continue;
      for (const specifier of statement.specifiers)
        links.reexports.push({
          id: from,
          local: nameOf(specifier.local),
          exported: nameOf(specifier.exported),
        });
    } else if (
      statement.type === 'ExportNamedDeclaration' &&
      !statement.declaration &&
      statement.specifiers.every((specifier) => bindings.has(nameOf(specifier.local)))
    ) {
      // export { x } of imported bindings: a re-export written in two statements.
      for (const specifier of statement.specifiers) {
        const binding = bindings.get(nameOf(specifier.local));
        if (binding)
          links.reexports.push({ id: binding.id, local: binding.name, exported: nameOf(specifier.exported) });
      }
    } else if (!(statement.type === 'ExpressionStatement' && statement.directive)) {
      // Anything else is code of its own ('use client' and other directives are not).
      links.ownCode = true;
    }
  }
  return links;
}
