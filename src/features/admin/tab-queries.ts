import type { QueryClient } from '@tanstack/react-query'
import { adminQueries } from '../../api/admins'
import { auditQueries } from '../../api/audit'
import { categoryQueries } from '../../api/categories'
import { instrumentQueries } from '../../api/instruments'
import { saleQueries } from '../../api/sales'
import { userQueries } from '../../api/users'
import type { AdminTab } from '../../lib/admin-tabs'

const tabQueries = (tab: AdminTab) =>
  ({
    instruments: [instrumentQueries.list(), categoryQueries.list()],
    users: [userQueries.list()],
    categories: [categoryQueries.list()],
    admins: [adminQueries.list()],
    historyshops: [saleQueries.list()],
    profile: [adminQueries.me()],
    audit: [auditQueries.page({ page: 1 }), adminQueries.list()],
  })[tab] as Parameters<QueryClient['ensureQueryData']>[0][]

export const loadAdminTab = (queryClient: QueryClient, tab: AdminTab) =>
  Promise.all([
    ...tabQueries(tab).map((query) => queryClient.ensureQueryData(query)),
    // The tab's own chunk with its data, so it opens drawn rather than as a loading line.
    tab === 'audit' ? import('./audit-tab') : undefined,
  ])
