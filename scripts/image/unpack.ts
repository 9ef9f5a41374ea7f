/**
 * Unpacks the image from its OCI archive, as a container runtime does: index.json names the manifest,
 * the manifest the config and the layer, each blob checked against its digest; the layer is extracted
 * with its owners and modes into DIR, and the config written beside it as DIR.config.json (what
 * scripts/image/run-image.ts reads). Needs root (the files' owners).
 *
 *   tsx scripts/image/unpack.ts [--archive build/image/cartoes-backoffice.oci.tar] [--out build/image/unpacked]
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

interface Descriptor {
  mediaType: string;
  digest: string;
  size: number;
}

export function unpackImage(archive: string, out: string): { digest: string } {
  const work = mkdtempSync(path.join(tmpdir(), 'cartoes-unpack-'));
  try {
    const run = (program: string, args: string[]) => {
      const result = spawnSync(program, args, { stdio: 'inherit' });
      if (result.status !== 0) throw new Error(`unpack: ${program} ${args.join(' ')} failed`);
    };
    run('tar', ['-xf', archive, '-C', work]);
    const blob = (descriptor: Descriptor): Buffer => {
      const bytes = readFileSync(path.join(work, 'blobs', 'sha256', descriptor.digest.slice(7)));
      const actual = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
      if (actual !== descriptor.digest || bytes.length !== descriptor.size) {
        throw new Error(`unpack: blob ${descriptor.digest} does not match its descriptor`);
      }
      return bytes;
    };
    const index = JSON.parse(readFileSync(path.join(work, 'index.json'), 'utf8')) as {
      manifests: Descriptor[];
    };
    const [manifestDescriptor] = index.manifests;
    if (!manifestDescriptor || index.manifests.length !== 1) throw new Error('unpack: one manifest expected');
    const manifest = JSON.parse(blob(manifestDescriptor).toString()) as {
      config: Descriptor;
      layers: Descriptor[];
    };
    const config = JSON.parse(blob(manifest.config).toString()) as { config: unknown };
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    for (const layer of manifest.layers) {
      const file = path.join(work, 'layer.tar.gz');
      writeFileSync(file, blob(layer));
      run('tar', ['-xzf', file, '-C', out, '--numeric-owner', '--same-owner', '--same-permissions']);
    }
    writeFileSync(`${path.resolve(out)}.config.json`, `${JSON.stringify(config.config, null, 2)}\n`);
    return { digest: manifestDescriptor.digest };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      archive: { type: 'string', default: 'build/image/cartoes-backoffice.oci.tar' },
      out: { type: 'string', default: 'build/image/unpacked' },
    },
  });
  const { digest } = unpackImage(values.archive, values.out);
  console.error(`unpack: ${values.archive} (${digest}) in ${values.out}`);
}
