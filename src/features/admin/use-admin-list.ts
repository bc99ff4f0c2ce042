import {
  keepPreviousData,
  type QueryKey,
  type UseQueryOptions,
  useQuery,
} from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { AdminSearch } from '../../lib/admin-search'
import { notify } from '../../lib/toast'
import type { ServerPaging } from './table-view'
import { useAdminSearch } from './use-admin-search'

interface ListQuery {
  page?: number
  q?: string
  sort?: string
  dir?: 'asc' | 'desc'
}

interface Page<Row> {
  items: Row[]
  total: number
  totalCapped: boolean
  all: number
  page: number
  pages: number
  pageSize: number
}

// One back-office table read from the server a page at a time: the search, sort, page and the
// tab's filters are in the URL (use-admin-search.ts), the rows the answer to them. The previous
// page stays drawn while the next one loads.
export function useAdminList<Q extends ListQuery, P extends Page<unknown>, K extends QueryKey>(
  options: (query: Q) => UseQueryOptions<P, Error, P, K>,
  /** The table's query from the URL (tab-queries.ts), as the route's loader asks for it too. */
  queryOf: (search: AdminSearch) => Q,
  noMatch: string,
) {
  const { search, refine, type, sortBy, goToPage } = useAdminSearch()
  const query = queryOf(search)
  const result = useQuery({ ...options(query), placeholderData: keepPreviousData })

  // docs/product.md §8: a search that finds nothing says so once per miss, not once per keystroke,
  // and not when a list refreshed after a change (a deleted row) comes back empty.
  const matched = useRef(true)
  const searched = useRef(query.q)
  const settled = result.isPlaceholderData ? undefined : result.data
  useEffect(() => {
    if (!settled) return
    const miss = Boolean(query.q?.trim()) && settled.total === 0
    if (miss && matched.current && searched.current !== query.q) notify.error(noMatch)
    matched.current = !miss
    searched.current = query.q
  }, [settled, query.q, noMatch])

  const data = result.data
  const server: ServerPaging = {
    query: query.q ?? '',
    onQuery: type,
    sort: query.sort ? { key: query.sort, desc: query.dir === 'desc' } : undefined,
    onSort: sortBy,
    page: data?.page ?? 1,
    pages: data?.pages ?? 0,
    total: data?.total ?? 0,
    totalCapped: data?.totalCapped,
    // Past the counted rows, a full page means there may be another.
    hasNext: data
      ? data.totalCapped
        ? data.items.length === data.pageSize
        : data.page < data.pages
      : false,
    offset: ((data?.page ?? 1) - 1) * (data?.pageSize ?? 0),
    onPage: goToPage,
    busy: result.isFetching,
  }
  return {
    search,
    refine,
    data,
    rows: (data?.items ?? []) as P['items'],
    server,
    error: result.error,
  }
}
