/// <reference types="vitest/config" />
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const backend = process.env.HALVARD_API ?? 'http://127.0.0.1:8000';

/**
 * Writes `name.br` and `name.gz` next to every built JS, CSS, HTML and SVG file (rewritten on
 * every build, so a twin never outlives its file's content);
 * the server sends them to browsers that accept them (services/api/app.py): the entry script
 * goes over the wire at about a third of its size, compressed once at build time.
 */
function precompress(): Plugin {
  return {
    name: 'halvard:precompress',
    apply: 'build',
    // After the bundle is written: the files as served (Vite rewrites chunks up to the end).
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(fileName)) continue;
        const path = join(outDir, fileName);
        const bytes = readFileSync(path);
        const quality = { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length };
        writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: quality }));
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/media': { target: backend, changeOrigin: true },
      // Staff sessions (spec 6) and the server-rendered admin UI.
      '/is-admin': { target: backend, changeOrigin: true },
      '/is-reviewer': { target: backend, changeOrigin: true },
      '/logout': { target: backend, changeOrigin: true },
      '^/admin(/|$)': { target: backend }, // keeps the Host: the admin's absolute links stay on this server
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    restoreMocks: true,
    // Generous bounds for slow or loaded machines: tests wait for conditions, never for time.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
