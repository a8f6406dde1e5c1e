import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset, so the service sends compressed bytes without
 * compressing on each request (it picks one by the request's Accept-Encoding).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const walk = async (dir: string): Promise<string[]> => {
        const out: string[] = [];
        for (const entry of await readdir(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) out.push(...(await walk(full)));
          else if (COMPRESSIBLE.test(entry.name)) out.push(full);
        }
        return out;
      };
      for (const file of await walk(outDir)) {
        if ((await stat(file)).size < 512) continue;
        const body = await readFile(file);
        await writeFile(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    // `npm run dev -w web` beside `npm run dev`: the API and the real-time channel on the service's port.
    proxy: {
      '/api': 'http://127.0.0.1:4000',
      '/socket.io': { target: 'http://127.0.0.1:4000', ws: true },
      '/storage': 'http://127.0.0.1:4000',
      '/sandbox': 'http://127.0.0.1:4000',
    },
  },
});
