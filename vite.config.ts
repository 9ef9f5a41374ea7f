import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { manifestOutsideDist } from './scripts/build-manifest.ts';
import { securityHeadersPlugin } from './scripts/security-headers.ts';
import { upFrontChunk } from './scripts/up-front-chunk.ts';

// What the first screen loads anyway, in one file (scripts/up-front-chunk.ts).
const upFront = upFrontChunk();

export default defineConfig({
  plugins: [react(), securityHeadersPlugin(), upFront.plugin, manifestOutsideDist()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // For scripts/check-bundle-size.ts; moved out of dist/ once written (scripts/build-manifest.ts).
    manifest: true,
    // The size budget is enforced by scripts/check-bundle-size.ts; keep Vite's own warning quiet.
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'up-front', test: upFront.test }] } },
    },
  },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173, strictPort: true },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    restoreMocks: true,
    // Bounds, not durations: room for several of src/test/setup.ts's waits, and for a lazy screen's first
    // transform, on a machine loaded far past its cores (a load average of 25 on 2 cores, issue 14; beside
    // two CPU hogs at a load average of 17 a passing page test took up to 85 s).
    testTimeout: 300000,
    hookTimeout: 120000,
  },
});
