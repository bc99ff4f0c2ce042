import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { INSTRUMENT_SORTS, SALE_SORTS, STOCK_FILTERS, USER_SORTS } from '../../contract/back-office'
import { adminSearchSchema, tableSort, tableSorts } from './admin-search'

const parse = (raw: Record<string, unknown>) => v.parse(adminSearchSchema, raw)

describe('the back office URL (/admin search params)', () => {
  it('reads a table page, sort, search and filters as the URL gives them', () => {
    expect(
      parse({ tab: 'instruments', page: '3', sort: 'name', dir: 'desc', q: 'les ', stock: 'low' }),
    ).toEqual({ tab: 'instruments', page: 3, sort: 'name', dir: 'desc', q: 'les ', stock: 'low' })
    expect(
      parse({ tab: 'audit', adminId: '4', kind: 'user.ban', from: '2026-11-01', to: '2026-11-30' }),
    ).toEqual({ tab: 'audit', adminId: 4, kind: 'user.ban', from: '2026-11-01', to: '2026-11-30' })
  })

  it('reads a search of digits typed into the address as text', () => {
    expect(parse({ tab: 'instruments', q: 1959 }).q).toBe('1959')
  })

  it('keeps the tab scheme: no tab or a bad one is Instruments', () => {
    expect(parse({})).toEqual({ tab: 'instruments' })
    expect(parse({ tab: 'nonsense', page: '2' })).toEqual({ tab: 'instruments', page: 2 })
  })

  it('drops each bad value alone, keeping the rest', () => {
    const bad = {
      tab: 'users',
      page: '0',
      sort: 'price; drop',
      dir: 'up',
      q: 'gui\u0000tar',
      stock: 'plenty',
      status: 'lost',
      adminId: '-1',
      kind: 'user.fly',
      from: '2026-13-40',
      to: 'yesterday',
    }
    expect(parse(bad)).toEqual({ tab: 'users' })
    expect(parse({ ...bad, page: '2.5', q: 'x'.repeat(101) })).toEqual({ tab: 'users' })
    expect(parse({ tab: 'users', page: '2', dir: 'up' })).toEqual({ tab: 'users', page: 2 })
  })

  it("sorts a table only by one of its own keys, the API's for a paged table", () => {
    expect(tableSorts.instruments).toEqual(INSTRUMENT_SORTS)
    expect(tableSorts.users).toEqual(USER_SORTS)
    expect(tableSorts.historyshops).toEqual(SALE_SORTS)
    for (const stock of STOCK_FILTERS) expect(parse({ stock }).stock).toBe(stock)
    const byStock = parse({ tab: 'users', sort: 'stock', dir: 'desc' })
    expect(tableSort(tableSorts.instruments, byStock)).toEqual({ key: 'stock', desc: true })
    expect(tableSort(tableSorts.users, byStock)).toBeUndefined()
  })
})
