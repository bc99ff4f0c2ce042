import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { VerifyEmailPage } from '../../features/account/verify-email-page'

// Valibot, as the other links' search schemas: it runs in the first load.
const verifyLinkSearch = v.object({ token: v.fallback(v.string(), '') })

export const Route = createFileRoute('/user/verify-email')({
  validateSearch: verifyLinkSearch,
  component: VerifyEmail,
})

function VerifyEmail() {
  const { token } = Route.useSearch()
  return <VerifyEmailPage token={token} />
}
