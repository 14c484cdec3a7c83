import react from '@vitejs/plugin-react'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'

// The API server (server/main.ts) listens on API_PORT in development; Vite proxies the API and the dev mail pages to it.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`

const DATE_FORMATTING = /[\\/]locales[\\/]formatters\.ts$|[\\/]node_modules[\\/]temporal-/

const COMPRESSIBLE = /\.(?:js|css|html|svg|json)$/
const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, once and at the highest
 * levels, so that the server (server/http/web-app.ts, preCompressed) sends them as they are instead of
 * compressing each response. A variant that would not be smaller than its file is not written.
 */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file))
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file)
          const content = await readFile(full)
          const variants = [
            ['.br', await brotli(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } })],
            ['.gz', await gzipped(content, { level: zlib.Z_BEST_COMPRESSION })],
          ] as const
          for (const [extension, compressed] of variants) {
            if (compressed.length < content.length) await writeFile(full + extension, compressed)
          }
        }),
      )
    },
  }
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { tsconfigPaths: true },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/v1': apiTarget, '/dev/mail': apiTarget },
  },
  build: {
    outDir: 'dist',
    // The maps are written for error tooling, but the bundles do not point to them and the server
    // does not serve them in production (server/http/web-app.ts).
    sourcemap: 'hidden',
    // The first load is one chunk of ~520 kB before compression; what counts is its size on the wire,
    // which tests/e2e/first-load.spec.ts holds to a budget.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is needed at once anyway: one chunk compresses
        // better and costs one request, instead of a score of small chunks shared with later screens.
        // The date formatters are imported statically but unused there (see treeshake below).
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'], test: (id) => !DATE_FORMATTING.test(id), includeDependenciesRecursively: false }] },
      },
      treeshake: {
        // The component kit (src/ui, one barrel) and Panda's generated styled-system only define
        // components and recipes at the top of their modules (`withProvider(...)`, `createRecipe(...)`),
        // which the bundler cannot prove pure. Declared side-effect free, the parts no screen of a chunk
        // uses stay out of it: the kit's menu, tabs, tags input, pagination... leave the first load.
        moduleSideEffects: [
          { test: /[\\/]src[\\/]ui[\\/][^\\/]+\.tsx?$/, sideEffects: false },
          { test: /[\\/]styled-system[\\/].+\.mjs$/, sideEffects: false },
          // The date formatters (and with them Temporal's polyfill) are imported by typesafe-i18n's
          // generated loader, which the app uses only for the dictionaries: declared pure, they leave
          // the first load and come with the logged-in screens (src/app/language.ts).
          { test: DATE_FORMATTING, sideEffects: false },
        ],
      },
    },
  },
})
