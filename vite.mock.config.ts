import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { defineConfig, mergeConfig, type Plugin } from 'vite'
import shop from './vite.config'

/**
 * `npm run dev:mock`: the shop's own Vite setup with no API server. The page starts MSW's
 * service worker before the app (src/mocks/main.ts), which answers every /api call from memory.
 */
export default mergeConfig(
  { ...shop, server: { ...shop.server, proxy: undefined } },
  defineConfig({
    plugins: [mockBackend()],
    // Every dependency found at start: one discovered mid-visit would reload the page under a test.
    optimizeDeps: { entries: ['index.html', 'src/**/*.{ts,tsx}', '!src/**/*.test.{ts,tsx}'] },
    server: {
      host: '127.0.0.1',
      port: Number(process.env.PORT ?? 5173),
      strictPort: true,
      // Compiled at start rather than on the first visit, which otherwise waits for every module.
      warmup: { clientFiles: ['./src/mocks/main.ts', './src/main.tsx', './src/routes/**/*.tsx'] },
    },
  }),
)

function mockBackend(): Plugin {
  const workerScript = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js')
  return {
    name: 'shop:mock-backend',
    apply: 'serve',
    // Served from node_modules rather than copied into public/, so no build ever ships it.
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript')
        res.end(readFileSync(workerScript))
      })
    },
    transformIndexHtml: (html) => html.replace('/src/main.tsx', '/src/mocks/main.ts'),
  }
}
