import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { SalesOverTime, SalesOverTimeQuery } from '../../contract/sales-over-time'
import { accountScoped, api } from './http'

export const salesOverTimeQueries = {
  all: () => ['sales', 'over-time'] as const,
  period: (query: SalesOverTimeQuery) =>
    queryOptions({
      queryKey: [...salesOverTimeQueries.all(), query] as const,
      meta: accountScoped,
      // The chart of the last period stays drawn while the next one loads.
      placeholderData: keepPreviousData,
      queryFn: () => api<SalesOverTime>('get', 'sales/over-time', { searchParams: { ...query } }),
    }),
}
