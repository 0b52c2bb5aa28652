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
    // The files share one worker's module graph instead of importing the server afresh for each
    // (measured on the SQLite run: 214 s against ~470 s, most of it the import of app.ts and its
    // graph per file). Every file builds its own app and database (test/helpers.ts), so no state
    // is shared through the modules; a file that needs a fresh module would say so with
    // vi.resetModules().
    isolate: false,
    name: onPostgres ? 'server:postgres' : 'server:sqlite',
  },
});
