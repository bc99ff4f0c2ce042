import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { homeSearchSchema } from './home-search'

describe('home search params', () => {
  it('falls back to defaults on bad values', () => {
    const raw = { page: 'x', sort: 'cheapest', category: 'Guitars', name: ' piano ' }
    expect(v.parse(homeSearchSchema, raw)).toEqual({
      page: 1,
      sort: 'default',
      category: 'Guitars',
      name: 'piano',
    })
  })
  it('reads a valid URL as is', () => {
    expect(v.parse(homeSearchSchema, { page: '3', sort: 'low-price' })).toEqual({
      page: 3,
      sort: 'low-price',
    })
  })
  it('drops a search with a control character, which the API would refuse', () => {
    expect(v.parse(homeSearchSchema, { name: 'gui\u0000tar', category: 'Gui\u0007tars' })).toEqual({
      page: 1,
      sort: 'default',
    })
  })
  it('rejects page 0 and fractions', () => {
    expect(v.parse(homeSearchSchema, { page: 0 }).page).toBe(1)
    expect(v.parse(homeSearchSchema, { page: 2.5 }).page).toBe(1)
  })
})
