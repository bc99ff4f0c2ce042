import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type ShopConfig, shopConfigScript } from '../../src/lib/shop-config'

interface ManifestChunk {
  file: string
  isEntry?: boolean
  css?: string[]
  imports?: string[]
}
type Manifest = Record<string, ManifestChunk>

// index.html cut where the page goes; the manifest names the route chunks a page needs at once.
export function loadPageTemplate(distDir: string, config: ShopConfig) {
  const html = inlineStylesheets(
    readFileSync(join(distDir, 'index.html'), 'utf8'),
    distDir,
  ).replace('</head>', `${shopConfigScript(config)}</head>`)
  const manifest: Manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8'))
  const [top, afterHead] = splitOnce(afterFirstPaint(html), /<!--head-->[\s\S]*?<!--\/head-->/)
  const [middle, afterPage] = splitOnce(afterHead, '<!--page-->')
  const [between, bottom] = splitOnce(afterPage, '<!--state-->')
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  const inEntry = reachable(manifest, entryKey ? [entryKey] : [])

  function routeAssets(routeIds: string[], priority: 'low' | 'high') {
    const keys = Object.keys(manifest).filter((key) => routeIds.some(isChunkOf(key)))
    const styles: string[] = []
    const scripts: string[] = []
    for (const key of reachable(manifest, keys)) {
      const chunk = manifest[key]
      if (!chunk || inEntry.has(key)) continue
      scripts.push(
        `<link rel="modulepreload" fetchpriority="${priority}" crossorigin href="/${chunk.file}">`,
      )
      for (const css of chunk.css ?? []) {
        styles.push(`<link rel="stylesheet" crossorigin href="/${css}">`)
      }
    }
    return { styles: styles.join(''), scripts: scripts.join('') }
  }

  // The shell has no picture to wait for: its route's code and the API client come with the entry
  // instead of after it (a back-office tab waited for three rounds of requests before its own).
  const apiClient = Object.keys(manifest).filter((key) => key.startsWith(API_CLIENT))
  const apiClientPreload = apiClient
    .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file}">`)
    .join('')

  function shell(routeIds: string[]) {
    const { styles, scripts } = routeAssets(routeIds, 'high')
    return html.replace('</head>', `${styles}${scripts}${apiClientPreload}</head>`)
  }
  // Answered when there is no renderer or a render failed: built once, not on each request.
  const plainShell = shell([])

  return {
    /** The page for the browser alone (account, checkout, back office: they need the session). */
    shell,
    plainShell,
    page(page: { head: string; routes: string[]; body: string; state: string }) {
      const { styles, scripts } = routeAssets(page.routes, 'low')
      // Inert until the loader asks for the entry: on a slow link they delayed the main picture.
      const later = scripts && `<template id="route-chunks">${scripts}</template>`
      return `${top}${page.head}${styles}${later}${middle}${page.body}${between}${page.state}${bottom}`
    },
  }
}

/** Loaded by the app on its first API call (src/api/http.ts): a rendered page needs none at first. */
const API_CLIENT = 'node_modules/ky/'

// A route's chunks in the manifest: its file (`/admin/` is routes/admin/index.tsx, `/user/Profile`
// routes/user/Profile.tsx, `/instruments/$id` routes/instruments.$id.tsx) split by the router's
// plugin: the chunks that hold its component and its loader (not those of its error or
// not-found pages).
const isChunkOf = (key: string) => (routeId: string) => {
  const [file, split] = key.split('?tsr-split=')
  if (!split?.split('---').some((part) => part === 'component' || part === 'loader')) return false
  const path = routeId.endsWith('/') ? `${routeId}index` : routeId
  const name = path.replace(/^\//, '') || 'index'
  return file === `src/routes/${name}.tsx` || file === `src/routes/${name.replaceAll('/', '.')}.tsx`
}

// The app is asked for once the page's main picture shows: on a slow phone they share no link,
// and Lighthouse counts every request that ends before that picture's paint as holding it up.
// A classic script, not a module: a module waits for the whole page to be parsed, which on a slow
// phone ends well after that paint. The picture's paint is known from its LCP entry where the
// browser reports one; elsewhere (or if a larger element is the LCP) once the page is parsed, its
// picture decoded and a frame drawn, as before. A user-blocking task runs ahead of the page's
// remaining parse and image tasks.
function afterFirstPaint(html: string) {
  return html.replace(
    /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/,
    (_entry, src: string) => `<script>${appLoader.replace('SRC', JSON.stringify(src))}</script>`,
  )
}

const appLoader =
  '(()=>{const hero=\'img[fetchpriority="high"]\';let asked=false;' +
  'const go=()=>{if(asked)return;asked=true;' +
  "const later=document.getElementById('route-chunks');" +
  'if(later)document.head.append(later.content);' +
  'import(SRC)};' +
  "const soon=(f)=>globalThis.scheduler?.postTask?scheduler.postTask(f,{priority:'user-blocking'}):setTimeout(f);" +
  'try{new PerformanceObserver((list)=>{if(list.getEntries().some((e)=>e.element?.matches(hero)))go()})' +
  ".observe({type:'largest-contentful-paint',buffered:true})}catch{}" +
  "addEventListener('DOMContentLoaded',()=>Promise.resolve(document.querySelector(hero)?.decode())" +
  '.catch(()=>{}).then(()=>requestAnimationFrame(()=>soon(go))))})()'

// The stylesheet (~6 KB gzip) inline: the server's HTML paints without one more request first.
function inlineStylesheets(html: string, distDir: string) {
  return html.replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (_link, file: string) => `<style>${readFileSync(join(distDir, file), 'utf8')}</style>`,
  )
}

function splitOnce(text: string, marker: string | RegExp): [string, string] {
  const match =
    typeof marker === 'string' ? { index: text.indexOf(marker), 0: marker } : marker.exec(text)
  if (!match || match.index === undefined || match.index < 0) {
    throw new Error(`index.html has no ${String(marker)}: rebuild it with "npm run build"`)
  }
  return [text.slice(0, match.index), text.slice(match.index + match[0].length)]
}

function reachable(manifest: Manifest, keys: string[]) {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const next of manifest[key].imports ?? []) visit(next)
  }
  for (const key of keys) visit(key)
  return seen
}
