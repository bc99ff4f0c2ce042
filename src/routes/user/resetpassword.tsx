import { createFileRoute } from '@tanstack/react-router'
import { PasswordChangePage } from '../../features/account/password-change-page'
import { resetLinkSearch } from '../../features/account/reset-link-search'

export const Route = createFileRoute('/user/resetpassword')({
  validateSearch: resetLinkSearch,
  component: UserPasswordChange,
})

function UserPasswordChange() {
  const { token, from } = Route.useSearch()
  return <PasswordChangePage variant="user" token={token} fromProfile={from === 'profile'} />
}
