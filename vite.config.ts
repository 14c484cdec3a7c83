import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The API server (server/main.ts) listens on API_PORT in development; Vite proxies the API and the dev mail pages to it.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`

export default defineConfig({
  plugins: [react()],
  resolve: { tsconfigPaths: true },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/v1': apiTarget, '/dev/mail': apiTarget },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        // The component kit (src/ui, one barrel) and Panda's generated styled-system only define
        // components and recipes at the top of their modules (`withProvider(...)`, `createRecipe(...)`),
        // which the bundler cannot prove pure. Declared side-effect free, the parts no screen of a chunk
        // uses stay out of it: the kit's menu, tabs, tags input, pagination... leave the first load.
        moduleSideEffects: [
          { test: /[\\/]src[\\/]ui[\\/][^\\/]+\.tsx?$/, sideEffects: false },
          { test: /[\\/]styled-system[\\/].+\.mjs$/, sideEffects: false },
        ],
      },
    },
  },
})
