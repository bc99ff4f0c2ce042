import './styles.css'
import { hydrate } from '@tanstack/react-query'
import { StrictMode, startTransition, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { ShopApp } from './app'
import { takeOverPage } from './lib/early-taps'
import { createQueryClient } from './query-client'
import { createAppRouter } from './router'
import { readServerState, showsNotFound } from './server-state'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')

const rendered = readServerState()
const queryClient = createQueryClient()
if (rendered) hydrate(queryClient, rendered.queries)
const router = createAppRouter(queryClient)
router.subscribe('onResolved', () => {
  const title = router.state.matches.flatMap((match) => match.meta ?? []).findLast((m) => m?.title)
  if (title?.title) document.title = title.title
})

const app = (
  <StrictMode>
    <ShopApp queryClient={queryClient} router={router} />
    <MarkStarted />
  </StrictMode>
)
// A rendered page waits for its route's code to be the page the server sent; any other draws at once.
if (rendered) void router.load().then(() => start(root))
else createRoot(root).render(app)

function start(root: HTMLElement) {
  // A signed-in admin may be sent elsewhere, or see a product hidden from everyone else: then the
  // server's page is not this one, and the browser renders its own.
  const sameAsServer =
    rendered &&
    rendered.href === router.state.location.href &&
    rendered.notFound === showsNotFound(router)
  if (!sameAsServer) {
    createRoot(root).render(app)
    return
  }
  // As TanStack's own hydration does: no Suspense boundary of the router's at the root.
  router.ssr = { manifest: undefined }
  // A transition: React hydrates in short slices and the page answers input meanwhile.
  startTransition(() => {
    hydrateRoot(root, app)
  })
}

/**
 * `<html data-started>`: the page answers clicks now (the e2e suite waits for it after a load),
 * and the taps made before are replayed (src/early-taps.js kept them).
 */
function MarkStarted() {
  useEffect(() => {
    void takeOverPage()
  }, [])
  return null
}
