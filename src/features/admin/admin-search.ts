import type { QueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { adminQueries } from '../../api/admins'
import { categoryQueries } from '../../api/categories'
import { instrumentQueries } from '../../api/instruments'
import { saleQueries } from '../../api/sales'
import { userQueries } from '../../api/users'

// Kept free of components: the route's loader imports this into the main bundle.

export const adminTabs = [
  'instruments',
  'users',
  'categories',
  'admins',
  'historyshops',
  'profile',
] as const
export type AdminTab = (typeof adminTabs)[number]

export const tabLabels: Record<AdminTab, string> = {
  instruments: 'Instruments',
  users: 'Users',
  categories: 'Categories',
  admins: 'Admins',
  historyshops: 'Historyshops',
  profile: 'Profile',
}

/** `/admin?tab=…`; a missing or unknown tab is the spec's default, Instruments. */
export const adminSearch = z.object({ tab: z.enum(adminTabs).catch('instruments') })

/** What each tab reads, fetched before it shows (the components read the same queries). */
export function tabQueries(tab: AdminTab) {
  switch (tab) {
    case 'instruments':
      return [instrumentQueries.list(), categoryQueries.list()] as const
    case 'users':
      return [userQueries.list()] as const
    case 'categories':
      return [categoryQueries.list()] as const
    case 'admins':
      return [adminQueries.list()] as const
    case 'historyshops':
      return [saleQueries.list()] as const
    case 'profile':
      return [adminQueries.me()] as const
  }
}

export async function loadAdminTab(queryClient: QueryClient, tab: AdminTab) {
  await Promise.all(
    tabQueries(tab).map((query) =>
      queryClient.ensureQueryData(query as Parameters<QueryClient['ensureQueryData']>[0]),
    ),
  )
}
