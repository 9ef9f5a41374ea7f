/**
 * `VITEST_PROFILE=1 npx vitest run <file>`: a CPU profile of each page-test file, written to
 * `.vitest-profiles/<file>.cpuprofile` (open it in Chrome DevTools' Performance panel), to find where a
 * slow test spends its time. Loaded only with VITEST_PROFILE set (vite.config.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.start');

afterAll(async () => {
  const { profile } = await session.post('Profiler.stop');
  const name = path.basename(expect.getState().testPath ?? 'page-test');
  mkdirSync('.vitest-profiles', { recursive: true });
  writeFileSync(path.join('.vitest-profiles', `${name}.cpuprofile`), JSON.stringify(profile));
});
