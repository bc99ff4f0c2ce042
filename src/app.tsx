import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { createQueryClient } from './query-client'
import { createAppRouter } from './router'

/** Starts the shop in `root`, replacing index.html's boot shell. */
export async function mountApp(root: HTMLElement) {
  const queryClient = createQueryClient()
  const router = createAppRouter(queryClient)
  // The first render replaces the shell: let it be the page itself (its route chunk and the data
  // its loader waits for), not an empty router still loading, or the screen blinks blank.
  await router.load()
  // The boot shell is already on screen, so the first render can be a transition: React renders
  // it in short slices instead of one long task, and the page answers input meanwhile.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    )
  })
}
