import { createFileRoute } from '@tanstack/react-router'
import { saleQueries } from '../../api/sales'
import { userQueries } from '../../api/users'
import { ProfilePage } from '../../features/account/profile-page'
import { signedOutRedirect } from '../../features/account/signed-out-redirect'
import { ErrorPage } from '../../features/layout/error-page'
import { requireSession } from '../../lib/guards'

export const Route = createFileRoute('/user/Profile')({
  beforeLoad: requireSession,
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(userQueries.me()),
      queryClient.ensureQueryData(saleQueries.mine()),
    ]).catch(signedOutRedirect),
  component: ProfilePage,
  // Spec 8, purchase fetch errors: the server's text, inside the shop's own header and footer.
  errorComponent: ErrorPage,
})
