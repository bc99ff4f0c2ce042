import type { ErrorComponentProps } from '@tanstack/react-router'
import { getRouteApi } from '@tanstack/react-router'
import { useEffect } from 'react'
import { notify } from '../../lib/toast'
import { ErrorPage } from '../layout/error-page'
import { NOT_FOUND } from './instrument-results'

const homeRoute = getRouteApi('/')

/** The home page failed to load. docs/product.md §8: a search that fails says 'Instrument not found' too. */
export function HomeErrorPage(props: ErrorComponentProps) {
  const { name } = homeRoute.useSearch()
  useEffect(() => {
    // The same id as a search without results: one toast, however the search ended.
    if (name) notify.error(NOT_FOUND, { id: 'instrument-not-found' })
  }, [name])
  return <ErrorPage {...props} />
}
