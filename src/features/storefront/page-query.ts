import type { InstrumentPageQuery } from '../../../contract/catalog'
import { PAGE_SIZE } from '../../lib/paging'
import type { HomeSearch } from './home-search'

/** The API page request for the home page's URL state (spec 9: 10 per page). */
export function toPageQuery({ page, sort, category, name }: HomeSearch): InstrumentPageQuery {
  return { page, limit: PAGE_SIZE, sort, category, name }
}
