import * as v from 'valibot'
import { AUDIT_KINDS } from '../../contract/audit'
import type {
  INSTRUMENT_SORTS,
  SALE_SORTS,
  STOCK_FILTERS,
  USER_SORTS,
} from '../../contract/back-office'
import { MAX_ID, MAX_LENGTH } from '../../contract/limits'
import { ORDER_STATUSES } from '../../contract/order-states'
import { adminTabs } from './admin-tabs'

// The /admin route's URL: the tab, and what its table shows (page, sort, search, filters), so a
// reload or a shared link shows the same rows. Valibot, and no import of contract/back-office.ts's
// values: this schema is in every page's first load, and that file brings zod. Its lists are
// repeated here, and `satisfies` makes the compiler hold each copy equal to the API's.

/** The keys each table sorts by: the API's for a paged table, its columns' for one in the browser. */
export const tableSorts = {
  instruments: ['id', 'img', 'name', 'stock', 'isBanned'],
  users: ['id', 'fullName', 'userName', 'email', 'rol'],
  historyshops: ['id', 'status', 'cost', 'cus_name', 'cus_country', 'createdAt'],
  categories: ['id', 'name', 'isBanned'],
  admins: ['fullName', 'userName', 'email', 'rol'],
  shipping: ['id', 'name', 'active'],
  discounts: ['id', 'code', 'value', 'uses', 'endsAt', 'active'],
} as const satisfies {
  instruments: typeof INSTRUMENT_SORTS
  users: typeof USER_SORTS
  historyshops: typeof SALE_SORTS
  categories: readonly string[]
  admins: readonly string[]
  shipping: readonly string[]
  discounts: readonly string[]
}
export type TableSortKey = (typeof tableSorts)[keyof typeof tableSorts][number]

const stockFilters = ['low', 'out', 'low-or-out'] as const satisfies typeof STOCK_FILTERS

/** A bad value in an address someone typed is no value, as on the home page (home-search.ts). */
const optional = <S extends v.GenericSchema>(schema: S) => v.fallback(v.optional(schema), undefined)
const wholeNumber = (max: number) =>
  v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(max))

export const adminSearchSchema = v.object({
  tab: v.fallback(v.picklist(adminTabs), 'instruments'),
  page: optional(wholeNumber(1_000_000)),
  // Kept as typed (spaces too): the search box shows it, and the server trims what it searches. A
  // number too: the router reads a typed `?q=1959` as one.
  q: optional(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform(String),
      v.maxLength(MAX_LENGTH.name),
      v.regex(/^\P{Cc}*$/u),
    ),
  ),
  sort: optional(v.picklist([...new Set(Object.values(tableSorts).flat())])),
  dir: optional(v.picklist(['asc', 'desc'])),
  stock: optional(v.picklist(stockFilters)),
  status: optional(v.picklist(ORDER_STATUSES)),
  // The Audit tab's filters: an admin's id, a kind of change and the admin's own days.
  adminId: optional(wholeNumber(MAX_ID)),
  kind: optional(v.picklist(AUDIT_KINDS)),
  from: optional(v.pipe(v.string(), v.isoDate())),
  to: optional(v.pipe(v.string(), v.isoDate())),
})
export type AdminSearch = v.InferOutput<typeof adminSearchSchema>

/** The sort the URL asks of a table with these keys; none when the table has no such key. */
export function tableSort<Key extends string>(keys: readonly Key[], search: AdminSearch) {
  const key = keys.find((known) => known === search.sort)
  return key && { key, desc: search.dir === 'desc' }
}
