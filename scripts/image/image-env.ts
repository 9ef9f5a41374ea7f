import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository's root, whatever the working directory. */
export const repositoryRoot = path.join(import.meta.dirname, '../..');

export interface ImageEnv {
  IMAGE_NAME: string;
  IMAGE_TAG: string;
  IMAGE_UID: string;
  IMAGE_INPUTS: string;
  IMAGE_CONFIG_DIR: string;
  APP_HTML_DIR: string;
  APP_LISTEN: string;
  [name: string]: string;
}

/** deploy/image/image.env (NAME=value lines, a value maybe in double quotes; # comments). */
export function readImageEnv(file = path.join(repositoryRoot, 'deploy/image/image.env')): ImageEnv {
  const entries = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => {
      const at = line.indexOf('=');
      return [line.slice(0, at), line.slice(at + 1).replace(/^"(.*)"$/, '$1')] as const;
    });
  return Object.fromEntries(entries) as ImageEnv;
}
