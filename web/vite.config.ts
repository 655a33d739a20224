import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * Writes `.br` and `.gz` beside every script and stylesheet, so a static server that serves
 * precompressed files (the gateway's @fastify/static with `preCompressed`) sends a third of the
 * bytes without compressing on each request. It compresses the files as written to disk: in
 * `generateBundle` the chunks still hold markers (`__VITE_PRELOAD__`) that Vite replaces later.
 */
function precompress(): Plugin {
  return {
    name: 'freemarket-precompress',
    apply: 'build',
    enforce: 'post',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg)$/.test(fileName)) continue;
        const path = join(outDir, fileName);
        const source = await readFile(path);
        if (source.length < 1024) continue;
        await writeFile(`${path}.gz`, gzipSync(source, { level: 9 }));
        await writeFile(`${path}.br`, brotliCompressSync(source));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    port: 5173,
    // In development the Vite server forwards API calls to the gateway, so cookies stay same-origin.
    proxy: { '/api': 'http://localhost:5000', '/oidc': 'http://localhost:5000', '/socket.io': { target: 'ws://localhost:5000', ws: true } },
  },
  build: {
    outDir: 'dist',
    // Maps are written for operators' error tools but not referenced, and the gateway does not serve them.
    sourcemap: 'hidden',
    // The bundle budget script reads the manifest to know which chunks each route pulls in.
    manifest: true,
    // @NOTE modulepreload of lazy chunks is what makes the budget meaningful: every static import of a
    // route chunk is fetched with it, so the script adds them all up.
    modulePreload: { polyfill: false },
  },
});
