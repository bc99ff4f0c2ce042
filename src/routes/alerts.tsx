import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { AlertLinkPage } from '../features/storefront/alert-link-page'

// The back-in-stock mails' links: ?confirm=… (a guest's alert) or ?stop=… (any alert). Valibot,
// as the other links' search schemas: it runs in the first load.
const alertLinkSearch = v.object({
  confirm: v.fallback(v.optional(v.string()), undefined),
  stop: v.fallback(v.optional(v.string()), undefined),
})

export const Route = createFileRoute('/alerts')({
  validateSearch: alertLinkSearch,
  component: AlertLink,
})

function AlertLink() {
  const { confirm, stop } = Route.useSearch()
  return stop ? (
    <AlertLinkPage kind="stop" token={stop} />
  ) : (
    <AlertLinkPage kind="confirm" token={confirm ?? ''} />
  )
}
