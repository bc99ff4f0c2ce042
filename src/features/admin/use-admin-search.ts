import { getRouteApi, useRouter } from '@tanstack/react-router'
import { type AdminSearch, tableSort, tableSorts } from '../../lib/admin-search'
import type { TableSort, TableView } from './table-view'

const route = getRouteApi('/admin/')
const sortKeys = Object.values(tableSorts).flat()

type TableChange = Partial<Omit<AdminSearch, 'tab' | 'page'>>

/**
 * What the open tab's table shows, kept in the URL (src/lib/admin-search.ts): a reload or a shared
 * link shows the same rows, and Back goes to the page, sort or search before. A new page, sort or
 * filter is a history entry of its own; a search typed letter by letter is one entry, each
 * keystroke replacing the one the keystroke before made, so Back leaves the search at once.
 */
export function useAdminSearch() {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const router = useRouter()

  /** A new search, sort or filter starts again at page 1 (docs/product.md §4). */
  const refine = (change: TableChange, typing = false) =>
    navigate({
      search: (before) => ({ ...before, ...change, page: undefined }),
      replace: typing && router.state.location.state.adminTyping === true,
      state: typing ? { adminTyping: true } : undefined,
      resetScroll: false,
    })

  return {
    search,
    refine,
    type: (q: string) => refine({ q: q === '' ? undefined : q }, true),
    sortBy: (sort: TableSort | undefined) => {
      const key = sortKeys.find((known) => known === sort?.key)
      return refine({ sort: key, dir: key && (sort?.desc ? 'desc' : 'asc') })
    },
    goToPage: (page: number) =>
      navigate({
        search: (before) => ({ ...before, page: page > 1 ? page : undefined }),
        resetScroll: false,
      }),
  }
}

/** The view of a whole list the browser searches and sorts (ListTable), kept in the URL. */
export function useUrlTableView(keys: readonly string[]): TableView {
  const { search, type, sortBy } = useAdminSearch()
  return { query: search.q ?? '', onQuery: type, sort: tableSort(keys, search), onSort: sortBy }
}
