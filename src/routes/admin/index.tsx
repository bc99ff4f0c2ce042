import { createFileRoute } from '@tanstack/react-router'
// Valibot: route search schemas run in the storefront's first load too.
import * as v from 'valibot'
import { AdminPage } from '../../features/admin/admin-page'
import { adminTabs } from '../../lib/admin-tabs'
import { requireAdmin } from '../../lib/guards'

export const Route = createFileRoute('/admin/')({
  validateSearch: v.object({ tab: v.fallback(v.picklist(adminTabs), 'instruments') }),
  beforeLoad: requireAdmin,
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  // Once shown, the loading lines give way as soon as the tab's rows are in: the router's default
  // keeps them at least 500 ms, which held a cold load's rows back by up to half a second.
  pendingMinMs: 0,
  // Imported on demand: a shopper's first load carries nothing of the back office.
  loader: async ({ context: { queryClient }, deps }) => {
    const { loadAdminTab } = await import('../../features/admin/tab-queries')
    await loadAdminTab(queryClient, deps.tab)
  },
  component: AdminPage,
})
