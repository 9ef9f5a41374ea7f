/**
 * The npm packages the production build ships: a build with vite.config.ts as `npm run build` makes it
 * (written nowhere), which records every module of node_modules that has code in a chunk, the workers'
 * included; and msw when dist/ serves its worker script (public/mockServiceWorker.js, msw's own file).
 * What the bill of materials lists (scripts/image/sbom.ts): not package-lock.json's production entries,
 * which name types-only and unused packages and miss msw (a devDependency whose code the sandbox chunk
 * ships).
 *
 *   tsx scripts/image/shipped-npm.ts --out FILE   (JSON: [{ name, version, path }], sorted)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build, type Plugin } from 'vite';
import { repositoryRoot } from './image-env';

export interface ShippedPackage {
  name: string;
  version: string;
  /** The package's directory in node_modules, as package-lock.json keys it (`node_modules/a/node_modules/b`). */
  path: string;
}

/** The package a module belongs to (its innermost node_modules directory), or none. */
export function packageOf(moduleId: string): string | undefined {
  const file = moduleId.replace(/^\0/, '').split('?')[0] ?? '';
  const at = file.lastIndexOf('/node_modules/');
  if (at < 0) return undefined;
  const [first = '', second = ''] = file.slice(at + '/node_modules/'.length).split('/');
  const name = first.startsWith('@') ? `${first}/${second}` : first;
  return `${file.slice(0, at)}/node_modules/${name}`;
}

/** Records the package directories of every module with rendered code. */
function recorder(found: Set<string>): Plugin {
  return {
    name: 'shipped-npm-packages',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(output.modules)) {
          const dir = module.renderedLength > 0 ? packageOf(id) : undefined;
          if (dir) found.add(dir);
        }
      }
    },
  };
}

async function shippedPackages(): Promise<ShippedPackage[]> {
  const found = new Set<string>();
  await build({
    root: repositoryRoot,
    configFile: path.join(repositoryRoot, 'vite.config.ts'),
    logLevel: 'error',
    build: { write: false, manifest: false },
    plugins: [recorder(found)],
    worker: { plugins: () => [recorder(found)] },
  });
  const worker = readFileSync(path.join(repositoryRoot, 'public/mockServiceWorker.js'), 'utf8');
  if (worker.includes('Mock Service Worker')) found.add(path.join(repositoryRoot, 'node_modules/msw'));
  const byId = new Map<string, ShippedPackage>();
  for (const dir of found) {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      name: string;
      version: string;
    };
    const relative = path.relative(repositoryRoot, dir);
    const id = `${manifest.name}@${manifest.version}`;
    if (!byId.has(id)) byId.set(id, { name: manifest.name, version: manifest.version, path: relative });
  }
  return [...byId.values()].sort((a, b) => `${a.name}@${a.version}`.localeCompare(`${b.name}@${b.version}`));
}

if (process.argv[1] === import.meta.filename) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) throw new Error('shipped-npm: --out FILE is required');
  const packages = await shippedPackages();
  writeFileSync(values.out, `${JSON.stringify(packages, null, 2)}\n`);
  console.error(`shipped-npm: ${packages.length} npm packages with code in the build`);
}
