/**
 * `npm run deploy:render -- --config config.json --deploy deploy.json --out DIR`
 *
 * Renders a deployment's nginx (scripts/deploy/render.ts) into DIR: every file nginx reads, the same
 * names whatever the configuration (a ConfigMap's keys: deploy/kubernetes/overlays/). A value that is
 * refused is named by its key, and nothing is written; exit status 65 then, 64 for a usage error.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RenderError, render } from './render';

const { values } = parseArgs({
  options: { config: { type: 'string' }, deploy: { type: 'string' }, out: { type: 'string' } },
});
if (!values.config || !values.deploy || !values.out) {
  console.error('deploy:render: --config FILE --deploy FILE --out DIR are required');
  process.exit(64);
}

function readJson(file: string, document: 'config.json' | 'deploy'): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (error) {
    throw new RenderError(document, null, `${file} is not JSON: ${(error as Error).message}`);
  }
}

try {
  const files = render(readJson(values.config, 'config.json'), readJson(values.deploy, 'deploy'));
  mkdirSync(values.out, { recursive: true });
  for (const [name, text] of Object.entries(files))
    writeFileSync(path.join(values.out, name), text, { mode: 0o644 });
  console.error(`deploy:render: wrote ${Object.keys(files).length} files in ${values.out}`);
} catch (error) {
  if (!(error instanceof RenderError)) throw error;
  console.error(`deploy:render: ${error.message}`);
  process.exit(65);
}
