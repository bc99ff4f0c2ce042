import { readFileSync } from 'node:fs'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

export default defineConfig({
  plugins: [
    // Must come before React: it turns src/routes into the route tree and splits each route's
    // component into its own chunk, so the storefront never downloads the back office.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    chunkModules(),
    inlineBootBanner(),
  ],
  build: { manifest: true, sourcemap: false, target: 'es2022' },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` },
  },
})

/**
 * Writes `.vite/chunk-modules.json`: for each built chunk, the modules inside it. The size check
 * reads it to prove that the storefront's first load holds no admin, chart, Stripe or confetti code.
 */
function chunkModules(): Plugin {
  return {
    name: 'shop:chunk-modules',
    apply: 'build',
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
 * The boot shell's banner (index.html, `data-inline-src`) becomes a data: URL of the same file, so
 * the home page's largest paint needs no request of its own and does not queue behind the
 * JavaScript. The app's banner keeps the file's URL, which index.html preloads.
 */
function inlineBootBanner(): Plugin {
  return {
    name: 'shop:inline-boot-banner',
    transformIndexHtml(html) {
      return html.replace(/data-inline-src="([^"]+)"/g, (_match, path: string) => {
        // Only what a data: URL in a double-quoted attribute needs escaped; the rest stays legible.
        const svg = readFileSync(`public${path}`, 'utf8')
          .replace(/"/g, "'")
          .replace(/[%#<>\s]+/g, (chars) => (/^\s+$/.test(chars) ? ' ' : encodeURIComponent(chars)))
        return `src="data:image/svg+xml,${svg.trim()}"`
      })
    },
  }
}
