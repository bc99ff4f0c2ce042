import { describe, expect, it } from 'vitest'
import { isVisibleToShoppers, visibleCategories, visibleInstruments } from './visibility'

const item = (isBanned: boolean, categoryBanned: boolean) => ({
  isBanned,
  category: { isBanned: categoryBanned },
})

describe('spec 5: "neither the instrument nor its category is banned"', () => {
  it('shows an instrument when neither it nor its category is banned', () => {
    expect(isVisibleToShoppers(item(false, false))).toBe(true)
  })
  it('hides a banned instrument', () => {
    expect(isVisibleToShoppers(item(true, false))).toBe(false)
  })
  it('hides an instrument whose category is banned', () => {
    expect(isVisibleToShoppers(item(false, true))).toBe(false)
  })
  it('hides an instrument when both are banned', () => {
    expect(isVisibleToShoppers(item(true, true))).toBe(false)
  })
  it('keeps the order of the visible ones', () => {
    const list = [
      { id: 1, ...item(false, false) },
      { id: 2, ...item(true, false) },
      { id: 3, ...item(false, false) },
    ]
    expect(visibleInstruments(list).map((i) => i.id)).toEqual([1, 3])
  })
})

describe('spec 5: "Banned categories are also hidden from the filter"', () => {
  it('drops banned categories', () => {
    const categories = [
      { name: 'Guitars', isBanned: false },
      { name: 'Hidden', isBanned: true },
    ]
    expect(visibleCategories(categories).map((c) => c.name)).toEqual(['Guitars'])
  })
})
