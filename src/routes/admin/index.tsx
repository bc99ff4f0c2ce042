import { createFileRoute } from '@tanstack/react-router'
import { AdminPage } from '../../features/admin/admin-page'
import { adminSearch, loadAdminTab } from '../../features/admin/admin-search'
import { requireAdmin } from '../../lib/guards'

export const Route = createFileRoute('/admin/')({
  validateSearch: adminSearch,
  beforeLoad: requireAdmin,
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: ({ context, deps }) => loadAdminTab(context.queryClient, deps.tab),
  component: AdminPage,
})
