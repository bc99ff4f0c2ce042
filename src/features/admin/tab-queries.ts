import type { QueryClient } from '@tanstack/react-query'
import { adminQueries } from '../../api/admins'
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
  })[tab] as Parameters<QueryClient['ensureQueryData']>[0][]

export const loadAdminTab = (queryClient: QueryClient, tab: AdminTab) =>
  Promise.all(tabQueries(tab).map((query) => queryClient.ensureQueryData(query)))
