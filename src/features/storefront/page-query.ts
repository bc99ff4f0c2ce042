import type { InstrumentPageQuery } from '../../../contract/catalog'
import { PAGE_SIZE } from '../../lib/paging'
import type { HomeSearch } from './home-search'

export function toPageQuery({ page, sort, category, name }: HomeSearch): InstrumentPageQuery {
  return { page, limit: PAGE_SIZE, sort, category, name }
}
