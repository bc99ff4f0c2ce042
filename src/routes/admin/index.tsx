import { createFileRoute } from '@tanstack/react-router'
// Valibot: route search schemas run in the storefront's first load too.
import * as v from 'valibot'
import { AdminPage } from '../../features/admin/admin-page'
import { loadAdminTab } from '../../features/admin/tab-queries'
import { adminSearchSchema } from '../../lib/admin-search'
import { requireAdmin } from '../../lib/guards'

export const Route = createFileRoute('/admin/')({
  validateSearch: adminSearchSchema,
  beforeLoad: requireAdmin,
  // Only the tab: a new page, sort or search is the tab's own query (use-admin-list.ts), which
  // keeps the rows drawn while the next ones come, where a new loader run would hold the page.
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  // Once shown, the loading lines give way as soon as the tab's rows are in: the router's default
  // keeps them at least 500 ms, which held a cold load's rows back by up to half a second.
  pendingMinMs: 0,
  // A chunk of its own, so a shopper's first load carries nothing of the back office, and the
  // server can name it in the page it sends; small, so the tab's requests leave before the page's
  // own code is evaluated.
  codeSplitGroupings: [['loader'], ['component']],
  // The tab opens on the rows its URL names (a reload, a shared link): the location's search,
  // read through the same schema, since the deps above leave the table's part out.
  loader: ({ context: { queryClient }, location }) =>
    loadAdminTab(queryClient, v.parse(adminSearchSchema, location.search)),
  component: AdminPage,
})
