import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** Builds the viewer into viewer/dist, which `kgmem serve` serves. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1024,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:7700' },
  },
});
