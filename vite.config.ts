import react from '@vitejs/plugin-react'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'

// The API server (server/main.ts) listens on API_PORT in development; Vite proxies the API and the dev mail pages to it.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`

const DATE_FORMATTING = /[\\/]locales[\\/]formatters\.ts$|[\\/]node_modules[\\/]temporal-/

const ROUTE_DATA = /[\\/]src[\\/](?:app[\\/]route-data|api[\\/]prefetch|api[\\/]first-reads|features[\\/]organizations[\\/]admin[\\/]query)\.ts$/

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
  let failed = false
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    buildEnd(error) {
      failed = error !== undefined
    },
    async closeBundle() {
      // a build that failed wrote nothing to compress, and its own error is the one to read
      if (failed) return
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

const MACHINE = /[\\/]machines[\\/][^\\/]+\.ts$/

type Node = { type: string; start: number; end: number; [key: string]: unknown }
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'

/** Every node below `node`, depth first. */
function* walk(node: Node): Generator<Node> {
  yield node
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) yield* walk(child)
  }
}

/**
 * Leaves the `description` texts of the flows (machines/*.ts) out of the build. They are written for a
 * product owner reading the diagram in the Stately editor, which reads the source; the running app never
 * reads them, and the session, guard and login flows of the first load carry ~2 KB of them (gzipped).
 * Each `description: '...'` of a `createMachine({...})` config is overwritten with spaces (new lines
 * kept), so the module's source map stays exact; the development server keeps them for the inspector.
 */
function dropMachineDescriptions(): Plugin {
  return {
    name: 'drop-machine-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!MACHINE.test(id)) return null
      const blank = code.split('')
      let changed = false
      for (const node of walk(this.parse(code, { lang: 'ts' }) as unknown as Node)) {
        const callee = node.callee as Node | undefined
        if (node.type !== 'CallExpression' || callee?.type !== 'MemberExpression' || (callee.property as Node & { name?: string }).name !== 'createMachine') continue
        const [config] = node.arguments as Node[]
        if (!config) continue
        for (const property of walk(config)) {
          const key = property.key as (Node & { name?: string }) | undefined
          const value = property.value as (Node & { value?: unknown }) | undefined
          if (property.type !== 'Property' || key?.name !== 'description' || value?.type !== 'Literal' || typeof value.value !== 'string') continue
          if (!code.startsWith('description', property.start)) throw new Error(`${id}: a description's offsets do not match the source`)
          let end = property.end
          while (/\s/.test(code[end] ?? '')) end++
          if (code[end] === ',') end++
          for (let i = property.start; i < end; i++) if (code[i] !== '\n') blank[i] = ' '
          changed = true
        }
      }
      return changed ? { code: blank.join(''), map: null } : null
    },
  }
}

export default defineConfig({
  plugins: [react(), precompress(), dropMachineDescriptions()],
  resolve: {
    tsconfigPaths: true,
    // @xstate/react asks for the shims of React 17; React 19 has useSyncExternalStore itself.
    alias: [
      { find: /^use-sync-external-store\/shim\/with-selector(?:\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
      { find: /^use-sync-external-store\/shim(?:\/index\.js)?$/, replacement: 'use-sync-external-store' },
      // the browser's own Temporal where it has one (src/app/temporal.ts); the polyfill only where it has not
      { find: /^temporal-polyfill$/, replacement: fileURLToPath(new URL('./src/app/temporal.ts', import.meta.url)) },
    ],
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/v1': apiTarget, '/dev/mail': apiTarget },
  },
  build: {
    outDir: 'dist',
    // The maps are written for error tooling, but the bundles do not point to them and the server
    // does not serve them in production (server/http/web-app.ts).
    sourcemap: 'hidden',
    // No preloading of a lazy screen's shared chunks: Vite's helper and its table of every lazy
    // import's dependencies cost the first load ~0.7 KB gzipped (of its 120 KB budget). A screen's
    // chunk then fetches the chunks it shares with others itself, one round trip later, on its first showing.
    modulePreload: false,
    // The first load is one chunk of ~520 kB before compression; what counts is its size on the wire,
    // which tests/e2e/first-load.spec.ts holds to a budget.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is needed at once anyway: one chunk compresses
        // better and costs one request, instead of a score of small chunks shared with later screens.
        // The date formatters are imported statically but unused there (see treeshake below).
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], test: (id) => !DATE_FORMATTING.test(id), includeDependenciesRecursively: false },
            // The reads a logged-in arrival sends ahead (src/app/route-data.ts) and the request functions
            // and query parser they share with the screens: one chunk beside the session's restore, not a
            // chain of shared chunks (its dynamic import is a facade of one line in front of it).
            { name: 'route-data', test: ROUTE_DATA },
          ],
        },
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
          // typesafe-i18n's generated helpers import its locale detectors, whose default instances
          // (`const documentCookieDetector = initDocumentCookieDetector()`) the bundler keeps for fear of
          // side effects; the app picks the language itself (locales/languages.ts) and uses none of them.
          { test: /[\\/]node_modules[\\/]typesafe-i18n[\\/]detectors[\\/]/, sideEffects: false },
        ],
      },
    },
  },
})
