import { defineConfig } from 'vitest/config';

// The server suite runs twice (scripts/test-server.mjs): TEST_DB=sqlite runs every test,
// TEST_DB=postgres runs the database tests again on PostgreSQL.
const onPostgres = process.env.TEST_DB === 'postgres';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: onPostgres ? ['test/**/*.test.ts'] : ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    name: onPostgres ? 'server:postgres' : 'server:sqlite',
  },
});
