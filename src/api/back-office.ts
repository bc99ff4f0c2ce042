import { mutationOptions, queryOptions } from '@tanstack/react-query'
import type {
  AdminInstrumentPage,
  AdminInstrumentQuery,
  AdminSalePage,
  AdminSaleQuery,
  AdminUserPage,
  AdminUserQuery,
  SalesSummary,
  StockSettings,
} from '../../contract/back-office'
import type { MessageResponse } from '../../contract/rules'
import type { Sale } from '../../contract/sales'
import { accountScoped, api } from './http'
import { instrumentQueries } from './instruments'
import { saleQueries } from './sales'
import { userQueries } from './users'

type Query = object

const searchParams = (query: Query) =>
  Object.fromEntries(
    Object.entries(query as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== ''),
  ) as Record<string, string | number>

// The back office's tables, one page at a time (GET /api/admin/…). Each key sits under its
// resource's, so the resource's writes (create, edit, delete, an order's moves) refresh them.
export const backOfficeQueries = {
  instruments: (query: AdminInstrumentQuery) =>
    queryOptions({
      queryKey: [...instrumentQueries.all(), 'admin-page', query] as const,
      meta: accountScoped,
      queryFn: () =>
        api<AdminInstrumentPage>('get', 'admin/instruments', { searchParams: searchParams(query) }),
    }),
  users: (query: AdminUserQuery) =>
    queryOptions({
      queryKey: [...userQueries.all(), 'admin-page', query] as const,
      meta: accountScoped,
      queryFn: () =>
        api<AdminUserPage>('get', 'admin/users', { searchParams: searchParams(query) }),
    }),
  sales: (query: AdminSaleQuery) =>
    queryOptions({
      queryKey: [...saleQueries.all(), 'admin-page', query] as const,
      meta: accountScoped,
      queryFn: () =>
        api<AdminSalePage>('get', 'admin/sales', { searchParams: searchParams(query) }),
    }),
  sale: (id: number) =>
    queryOptions({
      queryKey: [...saleQueries.all(), 'admin-one', id] as const,
      meta: accountScoped,
      queryFn: () => api<Sale>('get', `admin/sales/${id}`),
    }),
  salesSummary: () =>
    queryOptions({
      queryKey: [...saleQueries.all(), 'summary'] as const,
      meta: accountScoped,
      queryFn: () => api<SalesSummary>('get', 'admin/sales/summary'),
    }),
  stockSettings: () =>
    queryOptions({
      queryKey: ['stock-settings'] as const,
      meta: accountScoped,
      queryFn: () => api<StockSettings>('get', 'admin/settings/stock'),
    }),
}

export const stockSettingsMutations = {
  save: () =>
    mutationOptions({
      mutationFn: (body: StockSettings) =>
        api<MessageResponse>('put', 'admin/settings/stock', { json: body }),
      // Every instrument's level may change with the default.
      meta: { invalidates: [['stock-settings'], instrumentQueries.all()] },
    }),
}
