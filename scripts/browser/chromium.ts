/**
 * The browser the end-to-end tests and the pictures run in, and the fonts it draws with; docs/testing.md
 * ("The browser") and docs/decisions/027-browser-and-fonts-from-the-lockfile.md say why.
 *
 * - The pinned build: the Chromium headless shell that the `@sparticuz/chromium` package ships inside it
 *   (one brotli-compressed binary and the NSS and expat libraries it links), so `npm ci` alone decides the
 *   browser: package-lock.json names its version and integrity, and the machine's Chromium plays no part.
 *   Unpacked once into node_modules/.cache/cartoes-browser/ (about 3 s; a new version, a new directory).
 * - The fonts: scripts/browser/fonts.conf through FONTCONFIG_FILE, the DejaVu fonts of the
 *   `dejavu-fonts-ttf` package and none of the machine's, for whichever browser runs.
 * - `CHROMIUM_PATH` runs the end-to-end tests in another Chromium (Debian's, say), with the same fonts; the
 *   pictures always take the pinned build (the `visual` project of playwright.config.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';

const repositoryRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');
const packageDir = path.join(repositoryRoot, 'node_modules/@sparticuz/chromium');
const cacheDir = path.join(repositoryRoot, 'node_modules/.cache/cartoes-browser');

/** The committed font configuration (the fonts, their names and rendering settings). */
export const FONTS_CONF = path.join(repositoryRoot, 'scripts/browser/fonts.conf');

export interface TestBrowser {
  /** `pinned`: the lockfile's build; `system`: the one `CHROMIUM_PATH` names. */
  kind: 'pinned' | 'system';
  executablePath: string;
  /** The browser process's environment: the runner's, with the tests' fonts (and the pinned build's libraries). */
  env: Record<string, string>;
}

/** The version of `@sparticuz/chromium` that package-lock.json installed (its major is Chromium's). */
export function pinnedChromiumVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    version?: unknown;
  };
  if (typeof manifest.version !== 'string') throw new Error('@sparticuz/chromium has no version (npm ci)');
  return manifest.version;
}

/** Writes `file` whole or not at all (another process may be reading it, or writing the same bytes). */
function writeAtomically(file: string, content: string | Buffer, mode = 0o644) {
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, content, { mode });
  renameSync(partial, file);
}

/**
 * The directory holding `chromium` and its `lib/`, unpacked from the package once: into a directory of
 * this process's own, then renamed into place, so a runner and its workers (or two runs) starting together
 * never see half a binary. Keyed by the package's version and the compressed binary's size.
 */
function unpackedPinnedChromium(): string {
  const archive = path.join(packageDir, 'bin/chromium.br');
  if (!existsSync(archive))
    throw new Error(`${archive} is missing: npm ci installs @sparticuz/chromium (a devDependency)`);
  const dir = path.join(cacheDir, `chromium-${pinnedChromiumVersion()}-${statSync(archive).size}`);
  if (existsSync(path.join(dir, 'chromium'))) return dir;
  const partial = `${dir}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(path.join(partial, 'lib'), { recursive: true });
  writeFileSync(path.join(partial, 'chromium'), brotliDecompressSync(readFileSync(archive)), { mode: 0o755 });
  // The libraries the binary links besides glibc (NSS, NSPR, expat), built for Amazon Linux 2023 with
  // glibc 2.34: taken instead of the machine's, which a machine without a browser does not have.
  const libraries = spawnSync('tar', ['-x', '-C', partial, 'lib'], {
    input: brotliDecompressSync(readFileSync(path.join(packageDir, 'bin/al2023.tar.br'))),
  });
  if (libraries.status !== 0)
    throw new Error(`unpacking the pinned Chromium's libraries: ${String(libraries.stderr)}`);
  try {
    renameSync(partial, dir);
  } catch (error) {
    // Another process put the same version in place first.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(path.join(dir, 'chromium'))) throw error;
  }
  return dir;
}

/**
 * FONTCONFIG_FILE for a test browser: the committed fonts.conf, with the one thing it cannot say itself
 * (fontconfig has no relative cache directory): a font cache of its own under node_modules/.cache.
 */
export function fontconfigFile(): string {
  const cache = path.join(cacheDir, 'fontconfig');
  mkdirSync(cache, { recursive: true });
  const file = path.join(cacheDir, 'fonts.conf');
  const content = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    "<!-- Written by scripts/browser/chromium.ts: the tests' fonts are those of the file it includes. -->",
    '<fontconfig>',
    `  <cachedir>${cache}</cachedir>`,
    `  <include ignore_missing="no">${FONTS_CONF}</include>`,
    '</fontconfig>',
    '',
  ].join('\n');
  if (!existsSync(file) || readFileSync(file, 'utf8') !== content) writeAtomically(file, content);
  return file;
}

function runnerEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** The lockfile's Chromium, with the tests' fonts. */
export function pinnedChromium(): TestBrowser {
  const dir = unpackedPinnedChromium();
  const inherited = process.env.LD_LIBRARY_PATH;
  return {
    kind: 'pinned',
    executablePath: path.join(dir, 'chromium'),
    env: {
      ...runnerEnv(),
      FONTCONFIG_FILE: fontconfigFile(),
      LD_LIBRARY_PATH: [path.join(dir, 'lib'), ...(inherited ? [inherited] : [])].join(':'),
    },
  };
}

/** `CHROMIUM_PATH` when it is set (it must exist), else the pinned build; the tests' fonts either way. */
export function testChromium(chromiumPath = process.env.CHROMIUM_PATH): TestBrowser {
  if (!chromiumPath) return pinnedChromium();
  if (!existsSync(chromiumPath)) throw new Error(`CHROMIUM_PATH=${chromiumPath}: no such file`);
  return {
    kind: 'system',
    executablePath: chromiumPath,
    env: { ...runnerEnv(), FONTCONFIG_FILE: fontconfigFile() },
  };
}
