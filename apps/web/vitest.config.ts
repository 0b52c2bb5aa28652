import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { slimRouterLinks } from './vite.config.ts';

export default defineConfig({
  plugins: [slimRouterLinks(), react()],
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // A page test renders the whole app and compiles its lazy chunks on first use: on a loaded
    // two-core machine (CI beside other jobs) one test took up to 6 s, over the default 5 s.
    // Tests wait for what the user sees (findBy/waitFor, up to 10 s, src/testing/setup.ts).
    testTimeout: 30_000,
  },
});
