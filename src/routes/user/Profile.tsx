import { createFileRoute } from '@tanstack/react-router'
import { saleQueries } from '../../api/sales'
import { userQueries } from '../../api/users'
import { ProfilePage } from '../../features/account/profile-page'
import { ProfileSkeleton } from '../../features/account/profile-skeleton'
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
  pendingComponent: ProfileSkeleton,
  pendingMs: 100,
  // docs/product.md §8, purchase fetch errors: the server's text, inside the shop's own header and footer.
  errorComponent: ErrorPage,
})
