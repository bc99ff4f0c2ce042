import type { QueryClient } from '@tanstack/react-query'
import { adminQueries } from '../../api/admins'
import { auditQueries } from '../../api/audit'
import { backOfficeQueries } from '../../api/back-office'
import { categoryQueries } from '../../api/categories'
import type { AdminTab } from '../../lib/admin-tabs'

const tabQueries = (tab: AdminTab) =>
  ({
    // The first page of each paged table: the same query the tab reads when it opens.
    instruments: [backOfficeQueries.instruments({}), categoryQueries.list()],
    users: [backOfficeQueries.users({})],
    categories: [categoryQueries.list()],
    admins: [adminQueries.list()],
    historyshops: [backOfficeQueries.sales({})],
    profile: [adminQueries.me()],
    audit: [auditQueries.page({ page: 1 }), adminQueries.list()],
  })[tab] as Parameters<QueryClient['ensureQueryData']>[0][]

export const loadAdminTab = (queryClient: QueryClient, tab: AdminTab) =>
  Promise.all([
    ...tabQueries(tab).map((query) => queryClient.ensureQueryData(query)),
    // The tab's own chunk with its data, so it opens drawn rather than as a loading line.
    tab === 'audit' ? import('./audit-tab') : undefined,
  ])
