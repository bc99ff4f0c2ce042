import { getRouteApi, useRouterState } from '@tanstack/react-router'
import * as v from 'valibot'
import { type HomeSearch, homeSearchSchema } from './home-search'

const homeRoute = getRouteApi('/')

export function useHomeSearch() {
  // The grid shows the search its data was loaded for...
  const search = homeRoute.useSearch()
  // ...while controls show where the shopper is going, at once, even before that data arrives.
  const wanted = useRouterState({
    select: (s) => (s.location.pathname === '/' ? s.location.search : null),
    structuralSharing: true,
  })
  const controls = wanted ? v.parse(homeSearchSchema, wanted) : search
  const navigate = homeRoute.useNavigate()

  const refine = (change: Partial<Omit<HomeSearch, 'page'>>) =>
    navigate({ search: (prev) => ({ ...prev, ...change, page: 1 }), resetScroll: false })

  const goToPage = (page: number) =>
    navigate({ search: (prev) => ({ ...prev, page }), resetScroll: false })

  return { search, controls, refine, goToPage }
}
