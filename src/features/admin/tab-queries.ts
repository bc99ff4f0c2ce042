import type { QueryClient } from '@tanstack/react-query'
import type {
  AdminInstrumentQuery,
  AdminSaleQuery,
  AdminUserQuery,
} from '../../../contract/back-office'
import { adminQueries } from '../../api/admins'
import { type AuditFilters, auditQueries } from '../../api/audit'
import { backOfficeQueries } from '../../api/back-office'
import { categoryQueries } from '../../api/categories'
import { discountCodeQueries, shippingZoneQueries, taxQueries } from '../../api/pricing'
import { type AdminSearch, tableSort, tableSorts } from '../../lib/admin-search'
import { dayEnd, dayStart } from './audit-text'

function listQuery<Key extends string>(search: AdminSearch, keys: readonly Key[]) {
  const sort = tableSort(keys, search)
  return {
    page: search.page,
    q: search.q,
    sort: sort?.key,
    dir: sort && (sort.desc ? ('desc' as const) : ('asc' as const)),
  }
}

/** What each paged table asks the API for, read from the URL (src/lib/admin-search.ts). */
export const tableQueries = {
  instruments: (search: AdminSearch): AdminInstrumentQuery => ({
    ...listQuery(search, tableSorts.instruments),
    stock: search.stock,
  }),
  users: (search: AdminSearch): AdminUserQuery => listQuery(search, tableSorts.users),
  historyshops: (search: AdminSearch): AdminSaleQuery => ({
    ...listQuery(search, tableSorts.historyshops),
    status: search.status,
  }),
  // The days are the admin's own days, sent as moments.
  audit: (search: AdminSearch): AuditFilters => ({
    page: search.page ?? 1,
    adminId: search.adminId,
    kind: search.kind,
    from: search.from && dayStart(search.from),
    to: search.to && dayEnd(search.to),
  }),
}

const tabQueries = (search: AdminSearch) =>
  ({
    // The page each table opens on: the same query the tab reads.
    instruments: [
      backOfficeQueries.instruments(tableQueries.instruments(search)),
      categoryQueries.list(),
    ],
    users: [backOfficeQueries.users(tableQueries.users(search))],
    categories: [categoryQueries.list()],
    admins: [adminQueries.list()],
    historyshops: [backOfficeQueries.sales(tableQueries.historyshops(search))],
    profile: [adminQueries.me()],
    audit: [auditQueries.page(tableQueries.audit(search)), adminQueries.list()],
    shipping: [shippingZoneQueries.list()],
    taxes: [taxQueries.settings()],
    discounts: [discountCodeQueries.list(), categoryQueries.list()],
  })[search.tab] as Parameters<QueryClient['ensureQueryData']>[0][]

const PRICING_TABS = new Set<AdminSearch['tab']>(['shipping', 'taxes', 'discounts'])

export const loadAdminTab = (queryClient: QueryClient, search: AdminSearch) =>
  Promise.all([
    ...tabQueries(search).map((query) => queryClient.ensureQueryData(query)),
    // The tab's own chunk with its data, so it opens drawn rather than as a loading line.
    search.tab === 'audit' ? import('./audit-tab') : undefined,
    PRICING_TABS.has(search.tab) ? import('./pricing-tabs') : undefined,
  ])
