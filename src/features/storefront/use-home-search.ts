import { getRouteApi } from '@tanstack/react-router'
import type { HomeSearch } from './home-search'

const homeRoute = getRouteApi('/')

/** The home page's URL state, and a way to change it the way spec 4 asks. */
export function useHomeSearch() {
  const search = homeRoute.useSearch()
  const navigate = homeRoute.useNavigate()

  /** Search, sort and category changes put the page back to 1 (spec 4, browsing). */
  const refine = (change: Partial<Omit<HomeSearch, 'page'>>) =>
    navigate({ search: (prev) => ({ ...prev, ...change, page: 1 }), resetScroll: false })

  const goToPage = (page: number) =>
    navigate({ search: (prev) => ({ ...prev, page }), resetScroll: false })

  return { search, refine, goToPage }
}
