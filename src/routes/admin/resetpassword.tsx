import { createFileRoute } from '@tanstack/react-router'
import { PasswordChangePage } from '../../features/account/password-change-page'
import { resetLinkSearch } from '../../features/account/reset-link-search'

// Not behind the admin guard: an admin who forgot the password has no session yet.
export const Route = createFileRoute('/admin/resetpassword')({
  validateSearch: resetLinkSearch,
  component: AdminPasswordChange,
})

function AdminPasswordChange() {
  const { token, from } = Route.useSearch()
  return <PasswordChangePage variant="admin" token={token} fromProfile={from === 'profile'} />
}
