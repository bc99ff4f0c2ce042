// The server's half of the shop (built by `vite build` into <outDir>-server/): renders a
// storefront URL to HTML with the same components as the browser, plus the data they used.
import { dehydrate, type QueryClient } from '@tanstack/react-query'
import { createMemoryHistory } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { prerenderToNodeStream } from 'react-dom/static'
import { ShopApp } from './app'
import { createQueryClient } from './query-client'
import { createAppRouter } from './router'
import { headHtml } from './seo/head-html'
import { notFoundHead } from './seo/page-head'
import { SERVER_STATE_ID, type ServerState, showsNotFound } from './server-state'

export { answerApiCallsWith } from './api/http'

const RENDERED_ROUTES = new Set(['/', '/instruments/$id', '/aboutUs', '/favorites'])

export type RenderedPage =
  | { kind: 'page'; status: number; head: string; body: string; state: string; routes: string[] }
  | { kind: 'redirect'; status: number; location: string }
  /** A page that needs the session: the browser renders it, the server names its routes. */
  | { kind: 'shell'; routes: string[] }

export async function renderPage(url: string, origin: string): Promise<RenderedPage | null> {
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  })
  const history = createMemoryHistory({ initialEntries: [url] })
  const router = createAppRouter(queryClient, { history, origin })
  const matches = router.matchRoutes(router.parseLocation(history.location))
  const leaf = matches.at(-1)
  const unknownPath = leaf?.routeId === '__root__'
  if (!unknownPath && !RENDERED_ROUTES.has(leaf?.routeId ?? '')) {
    return { kind: 'shell', routes: matches.map((match) => match.routeId) }
  }

  await router.load()
  const result = router._serverResult
  if (result?.type === 'redirect') {
    const location = result.redirect.headers.get('Location')
    return location ? { kind: 'redirect', status: 308, location } : null
  }
  if (result?.status === 500) return null
  await queriesSettled(queryClient)
  const html = await pageHtml(<ShopApp queryClient={queryClient} router={router} />)
  const notFound = showsNotFound(router)
  const state: ServerState = {
    href: router.state.location.href,
    notFound,
    queries: dehydrate(queryClient),
  }
  const json = JSON.stringify(state).replace(/</g, '\\u003c')
  return {
    kind: 'page',
    status: notFound ? 404 : 200,
    head: notFound ? headHtml([notFoundHead()]) : headHtml(router.state.matches),
    body: html,
    state: `<script id="${SERVER_STATE_ID}" type="application/json">${json}</script>`,
    routes: router.state.matches.map((match) => match.routeId),
  }
}

// Entering the home page, its loader only starts its queries, so that a browser paints the
// skeleton cards at once. Here nobody watches: rendered before they end, the page would suspend,
// render its skeletons and render again; rendered after, it renders once.
function queriesSettled(queryClient: QueryClient) {
  return new Promise<void>((resolve) => {
    const settled = () => queryClient.isFetching() === 0
    if (settled()) return resolve()
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (!settled()) return
      stop()
      resolve()
    })
  })
}

// With its data in the cache and its code loaded, a page renders in one synchronous pass, and
// renderToString writes it as a string, for less CPU than prerender, which works in tasks and
// writes bytes (docs/decisions/2026-11-24-server-rendering.md).
// The same markup, but where a part waits (code a process has not loaded yet, a part that
// failed) renderToString leaves it to the browser (`<!--$!-->`) or throws: then prerender,
// which waits for every part.
async function pageHtml(app: ReactNode) {
  try {
    const html = renderToString(app)
    if (!html.includes('<!--$!-->')) return html
  } catch {
    // Something suspended outside a Suspense boundary: prerender waits for it.
  }
  // No chunk limit: every part of the page inline, readable without JavaScript (no $RC swaps).
  const { prelude } = await prerenderToNodeStream(app, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  })
  const chunks: Buffer[] = []
  for await (const chunk of prelude) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
