import { defineConfig } from 'vitest/config';

/** The bench's own unit tests (the goals' judge, the report, the statistics): `npm run bench:check`. */
export default defineConfig({ test: { globals: true, include: ['*.test.ts'] } });
