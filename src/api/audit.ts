import { queryOptions } from '@tanstack/react-query'
import type { AuditKind } from '../../contract/audit'
import type { AuditPage } from '../../contract/audit-trail'
import { accountScoped, api } from './http'

/** The Audit tab's filters: each one left out is no filter; `from` and `to` are ISO moments. */
export interface AuditFilters {
  page: number
  adminId?: number | undefined
  kind?: AuditKind | undefined
  from?: string | undefined
  to?: string | undefined
}

export const AUDIT_PAGE_SIZE = 25

export const auditQueries = {
  all: () => ['audit'] as const,
  page: (filters: AuditFilters) =>
    queryOptions({
      queryKey: [...auditQueries.all(), 'page', filters] as const,
      meta: accountScoped,
      // Every admin write adds a row: the tab reads the trail afresh each time it opens.
      staleTime: 0,
      queryFn: () => {
        const searchParams: Record<string, string | number> = { pageSize: AUDIT_PAGE_SIZE }
        for (const [name, value] of Object.entries(filters)) {
          if (value !== undefined && value !== '') searchParams[name] = value
        }
        return api<AuditPage>('get', 'audit', { searchParams })
      },
    }),
}
