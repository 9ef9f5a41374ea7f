import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { manifestOutsideDist } from './scripts/build/build-manifest.ts';
import { securityHeadersPlugin } from './scripts/build/security-headers.ts';
import { upFrontChunk } from './scripts/build/up-front-chunk.ts';

// What the first screen loads anyway, in one file (scripts/build/up-front-chunk.ts).
const upFront = upFrontChunk();

/** What the `page` and `isolated` projects share: a DOM, the page tests' time bound and setup. */
const pageTests = {
  environment: 'jsdom',
  // Each file's screen is rendered once before its tests (src/test/render-route.tsx). 8 s a test:
  // three times the slowest page test's own time. Measured as the worker's CPU time per test (what
  // it takes on an idle core, whatever the load), twelve take 1.7 to 2.5 s, so three
  // times theirs passes Vitest's 5 s: on a machine whose cores are busy with other work (stress-ng
  // beside the suite, docs/testing.md) they got half a core and ran past 5 s. The rest take under
  // 1.7 s; every test's time is in npm test's .test-reports/vitest.json.
  testTimeout: 8_000,
  setupFiles: ['./src/test/setup.ts', ...(process.env.VITEST_PROFILE ? ['./src/test/cpu-profile.ts'] : [])],
};

export default defineConfig({
  plugins: [react(), securityHeadersPlugin(), upFront.plugin, manifestOutsideDist()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // For scripts/build/check-bundle-size.ts; moved out of dist/ once written (scripts/build/build-manifest.ts).
    manifest: true,
    // The size budget is enforced by scripts/build/check-bundle-size.ts; keep Vite's own warning quiet.
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'up-front', test: upFront.test }] } },
    },
  },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173, strictPort: true },
  test: {
    globals: true,
    restoreMocks: true,
    // Every test keeps Vitest's own bounds (5 s a test, 10 s a hook): one that needs more is a defect.
    // Both cores: Vitest's default keeps one free for the main process, which only waits here.
    maxWorkers: 2,
    projects: [
      {
        // Pure modules, the sandbox and the scripts: no DOM to build per file.
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          isolate: false, // as in `page`, below
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.isolated.test.ts'],
          setupFiles: ['./src/test/setup-unit.ts'],
        },
      },
      {
        // Components and whole screens against the sandbox through MSW. A worker keeps its modules, React,
        // MUI and the app's, from one file to the next (`isolate: false`, Vitest's "Per-File Isolation
        // Settings"): loading them again for every file was a third of the project's time. What a test
        // leaves behind is undone after it (src/test/setup.ts, src/test/render-route.tsx); a file that
        // replaces one of the app's modules (`vi.mock`) needs the app loaded afresh, and is named
        // `*.isolated.test.ts(x)` (lint holds it) to run in `isolated`, below.
        extends: true,
        test: {
          ...pageTests,
          name: 'page',
          isolate: false,
          include: ['src/**/*.test.tsx'],
          exclude: ['**/*.isolated.test.tsx'],
        },
      },
      {
        extends: true,
        test: {
          ...pageTests,
          name: 'isolated',
          include: ['{src,scripts}/**/*.isolated.test.{ts,tsx}'],
        },
      },
    ],
  },
});
