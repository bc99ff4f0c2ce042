import { createFileRoute } from '@tanstack/react-router'
// Valibot: route search schemas run in the storefront's first load too.
import * as v from 'valibot'
import { AdminPage } from '../../features/admin/admin-page'
import { loadAdminTab } from '../../features/admin/tab-queries'
import { adminTabs } from '../../lib/admin-tabs'
import { requireAdmin } from '../../lib/guards'

export const Route = createFileRoute('/admin/')({
  validateSearch: v.object({ tab: v.fallback(v.picklist(adminTabs), 'instruments') }),
  beforeLoad: requireAdmin,
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  // Once shown, the loading lines give way as soon as the tab's rows are in: the router's default
  // keeps them at least 500 ms, which held a cold load's rows back by up to half a second.
  pendingMinMs: 0,
  // A chunk of its own, so a shopper's first load carries nothing of the back office, and the
  // server can name it in the page it sends; small, so the tab's requests leave before the page's
  // own code is evaluated.
  codeSplitGroupings: [['loader'], ['component']],
  loader: ({ context: { queryClient }, deps }) => loadAdminTab(queryClient, deps.tab),
  component: AdminPage,
})
