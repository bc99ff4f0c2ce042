import { readFileSync } from 'node:fs'
import { join } from 'node:path'
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
    appCssInHead(),
  ],
  // Every browser the shop serves knows modulepreload: no polyfill in the first load.
  build: { manifest: true, sourcemap: false, target: 'es2022', modulePreload: { polyfill: false } },
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
  let publicDir = 'public'
  return {
    name: 'shop:inline-boot-banner',
    configResolved(config) {
      publicDir = config.publicDir
    },
    transformIndexHtml(html) {
      return html.replace(/data-inline-src="([^"]+)"/g, (_match, path: string) => {
        const svg = readFileSync(join(publicDir, path), 'utf8')
        return `src="data:image/svg+xml,${svgDataUrl(svg)}"`
      })
    },
  }
}

/**
 * An SVG as the data of a data: URL inside a double-quoted HTML attribute: percent-encode what
 * either would misread (%, #, quotes, &, angle brackets), fold whitespace, keep the rest legible.
 */
function svgDataUrl(svg: string): string {
  return svg
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[%#"&<>]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
}

/**
 * main.tsx imports the app after the boot shell's first paint, so Vite would load the CSS of the
 * app's first screen (header buttons, cart badge) only then, and the shell would paint without it.
 * Link that CSS from index.html's head instead; Vite's loader sees the link and skips it later.
 */
function appCssInHead(): Plugin {
  return {
    name: 'shop:app-css-in-head',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return []
        const css = new Set<string>()
        const visit = (fileName: string) => {
          const chunk = bundle[fileName]
          if (chunk?.type !== 'chunk') return
          for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file)
          for (const imported of chunk.imports) visit(imported)
        }
        const app = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith('/src/app.tsx'),
        )
        if (app) visit(app.fileName)
        return [...css]
          .filter((file) => !html.includes(`/${file}`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }))
      },
    },
  }
}
