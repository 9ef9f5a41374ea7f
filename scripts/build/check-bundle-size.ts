/**
 * Size budget of the production build: for each screen, the gzip size of the JavaScript a cold start
 * on that screen downloads (the entry and everything it imports statically, plus the screen's lazy
 * chunk and its static imports). Fails when a screen is over its budget. Run after `vite build`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import { layouts, screenNames, screenOf, shellChunk, signInBudget } from '../../src/app/screens.ts';
import { buildManifestPath } from './build-manifest.ts';

const distDir = path.resolve('dist');
const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    dynamicImports: z.array(z.string()).optional(),
  }),
);
// Written by the build beside dist/, not in it (scripts/build/build-manifest.ts).
const manifest = manifestSchema.parse(JSON.parse(readFileSync(buildManifestPath, 'utf8')));

/** The manifest keys a chunk pulls in statically, itself included. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk)
    throw new Error(`${key} is not in the build manifest (renamed? update src/app/screens.ts)`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const gzipCache = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');

let failed = false;
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
/** Each screen's chunks: the shell, its layout's, its own (src/app/screens.ts). */
const routes = screenNames.map((name) => {
  const { chunk, layout, budgetKiB } = screenOf(name);
  return { route: name, chunks: [shellChunk, ...(layout ? [layouts[layout].chunk] : []), chunk], budgetKiB };
});
for (const { route, chunks, budgetKiB } of [{ route: 'sign-in', chunks: [], budgetKiB: signInBudget.budgetKiB }, ...routes]) {
  const keys = new Set<string>(staticClosure(entryKey));
  for (const chunk of chunks) for (const key of staticClosure(chunk)) keys.add(key);
  const files = [...keys]
    .map((key) => manifest[key]?.file)
    .filter((file): file is string => file?.endsWith('.js') ?? false);
  const total = files.reduce((sum, file) => sum + gzipBytes(file), 0);
  const over = total > budgetKiB * 1024;
  failed ||= over;
  console.log(
    `${over ? 'OVER' : 'ok  '} ${route.padEnd(22)} ${kib(total).padStart(7)} KiB gzip (budget ${budgetKiB} KiB, ${files.length} files)`,
  );
}
/**
 * Up front: what index.html makes the browser fetch before the first paint, i.e. the entry's static
 * closure plus every chunk the build modulepreloads from index.html (the sign-in screen).
 */
{
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g)].map(
    (match) => match[1] ?? '',
  );
  const files = new Set<string>(
    [...staticClosure(entryKey)].map((key) => manifest[key]?.file ?? '').filter((f) => f.endsWith('.js')),
  );
  for (const file of preloaded) files.add(file);
  const total = [...files].reduce((sum, file) => sum + gzipBytes(file), 0);
  const { budgetKiB, maxFiles } = signInBudget;
  const over = total > budgetKiB * 1024 || files.size > maxFiles;
  failed ||= over;
  console.log(
    `${over ? 'OVER' : 'ok  '} ${'up front (index.html)'.padEnd(22)} ${kib(total).padStart(7)} KiB gzip (budget ${budgetKiB} KiB, ${files.size} files` +
      `, at most ${maxFiles})`,
  );
}
for (const key of Object.keys(manifest).filter((k) => k.startsWith('src/features/'))) {
  const file = manifest[key]?.file;
  if (file?.endsWith('.js'))
    console.log(`     chunk ${key.padEnd(62)} ${kib(gzipBytes(file)).padStart(7)} KiB gzip`);
}
if (failed) {
  console.error('Bundle size budget exceeded.');
  process.exit(1);
}
