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

interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

/**
 * Whether `id` is statically imported, directly or not, by the entry (`src/main.tsx`): the code
 * every page loads first. Rolldown splits a module shared by the entry and lazy chunks into a
 * chunk of its own per combination of users, so each new lazy feature (the configurator, staff
 * pages) would add small files, each with its own import and export glue, to the first load.
 */
function loadedFirst(id: string, graph: ModuleGraph, seen = new Set<string>()): boolean {
  if (id.endsWith('/src/main.tsx')) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  return (graph.getModuleInfo(id)?.importers ?? []).some((importer) => loadedFirst(importer, graph, seen));
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
    rolldownOptions: {
      output: {
        // Everything the entry loads statically goes in one chunk next to it (docs/targets.md
        // section 4.7: the shopper's initial JavaScript); lazy chunks import from it.
        codeSplitting: {
          groups: [{ name: (id, graph) => (loadedFirst(id, graph) && !id.endsWith('/src/main.tsx') ? 'site' : null) }],
        },
      },
    },
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
