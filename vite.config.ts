import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { shopConfigFrom, shopConfigScript } from './src/lib/shop-config'

export default defineConfig({
  plugins: [
    // Must come before React: it turns src/routes into the route tree and splits each route's
    // component into its own chunk, so the storefront never downloads the back office.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    chunkModules(),
    serverRendererBeside(),
    precompressed(),
    earlyTapsInline(),
    shopConfigInDevelopment(),
  ],
  // Every browser the shop serves knows modulepreload: no polyfill in the first load.
  build: {
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    modulePreload: { polyfill: false },
    // What the entry imports statically is loaded on every page anyway: one file, not dozens of
    // small shared ones (each a request and a compression window of its own).
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'shop', tags: ['$initial'] }] } },
    },
  },
  // `vite build` builds both halves: the browser's files, then the server's page renderer.
  builder: {
    async buildApp({ build, environments: { client, ssr } }) {
      if (client) await build(client)
      if (ssr) await build(ssr)
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` },
  },
})

/**
 * The server's renderer goes to `<outDir>-server` (dist-server beside dist), outside the folder
 * served to browsers.
 */
function serverRendererBeside(): Plugin {
  return {
    name: 'shop:server-renderer-beside',
    config(config) {
      const outDir = config.build?.outDir ?? 'dist'
      return {
        environments: {
          ssr: {
            build: {
              outDir: `${outDir}-server`,
              emptyOutDir: true,
              copyPublicDir: false,
              rollupOptions: { input: 'src/entry-server.tsx' },
            },
          },
        },
      }
    },
  }
}

/**
 * Writes `.vite/chunk-modules.json`: for each built chunk, the modules inside it. The size check
 * reads it to prove that the storefront's first load holds no admin, chart, Stripe or confetti code.
 */
function chunkModules(): Plugin {
  return {
    name: 'shop:chunk-modules',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const chunks: Record<string, string[]> = {}
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        chunks[output.fileName] = Object.keys(output.modules).map((id) =>
          id.replace(process.cwd(), '').replace(/^\0/, ''),
        )
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(chunks, null, 1),
      })
    },
  }
}

/**
 * Brotli and gzip twins of the browser's scripts and styles, made once at the best levels and
 * served as they are (server/web-headers.ts): Brotli sends ~14% less than per-request gzip.
 */
function precompressed(): Plugin {
  return {
    name: 'shop:precompressed',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle({ dir }, bundle) {
      const files = Object.keys(bundle).filter((name) => /\.(js|css)$/.test(name))
      await Promise.all(
        files.map(async (name) => {
          const source = await readFile(join(dir ?? 'dist', name))
          const brotli = brotliCompressSync(source, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 },
          })
          await writeFile(join(dir ?? 'dist', `${name}.br`), brotli)
          await writeFile(join(dir ?? 'dist', `${name}.gz`), gzipSync(source, { level: 9 }))
        }),
      )
    },
  }
}

/**
 * src/early-taps.js written into index.html at `<!--early-taps-->`: it must run before the first
 * paint, so it cannot wait for a request of its own; kept as a file so it stays readable and
 * testable (src/lib/early-taps.test.tsx). Whole-line comments stay out of every page.
 */
function earlyTapsInline(): Plugin {
  let root = process.cwd()
  return {
    name: 'shop:early-taps-inline',
    configResolved(config) {
      root = config.root
    },
    async transformIndexHtml(html) {
      const code = await readFile(join(root, 'src/early-taps.js'), 'utf8')
      const lines = code.split('\n').filter((line) => line.trim() && !line.trim().startsWith('//'))
      return html.replace('<!--early-taps-->', `<script>\n${lines.join('\n')}\n</script>`)
    },
  }
}

/**
 * In development Vite serves index.html, not the shop's server: it writes the browser's settings
 * into the page from the same environment (the server does it for a build, page-template.ts).
 */
function shopConfigInDevelopment(): Plugin {
  return {
    name: 'shop:config-in-development',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replace('</head>', `${shopConfigScript(shopConfigFrom(process.env))}</head>`),
  }
}
