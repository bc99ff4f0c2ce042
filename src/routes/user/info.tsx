import { createFileRoute } from '@tanstack/react-router'
import { userQueries } from '../../api/users'
import { ProfileEditPage } from '../../features/account/profile-edit-page'
import { signedOutRedirect } from '../../features/account/signed-out-redirect'
import { requireSession } from '../../lib/guards'

export const Route = createFileRoute('/user/info')({
  beforeLoad: requireSession,
  loader: ({ context: { queryClient } }) =>
    queryClient.ensureQueryData(userQueries.me()).catch(signedOutRedirect),
  component: ProfileEditPage,
})
