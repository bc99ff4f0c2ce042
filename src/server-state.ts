import type { DehydratedState } from '@tanstack/react-query'
import type { createAppRouter } from './router'

export interface ServerState {
  href: string
  notFound: boolean
  queries: DehydratedState
}

export const SERVER_STATE_ID = 'shop-state'

export function readServerState(): ServerState | null {
  const text = document.getElementById(SERVER_STATE_ID)?.textContent
  return text ? (JSON.parse(text) as ServerState) : null
}

export function showsNotFound(router: ReturnType<typeof createAppRouter>) {
  return router.state.matches.some((match) => match.status === 'notFound' || match._notFound)
}
