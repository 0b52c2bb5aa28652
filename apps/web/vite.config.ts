import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/files': api,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Small modern targets keep the first load small on cheap phones.
    target: 'es2022',
    assetsInlineLimit: 0,
  },
});
