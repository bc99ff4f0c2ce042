import { describe, expect, it } from 'vitest'
import { nextPage, PAGE_SIZE, pageCount, pageNumbers, previousPage } from './paging'

describe('docs/product.md §5: "Number of pages = total elements divided by page size, rounded up"', () => {
  it('uses 10 per page (docs/product.md §9)', () => {
    expect(PAGE_SIZE).toBe(10)
  })
  it('rounds up', () => {
    expect(pageCount(41)).toBe(5)
    expect(pageCount(40)).toBe(4)
    expect(pageCount(1)).toBe(1)
  })
  it('has no pages when there is nothing', () => {
    expect(pageCount(0)).toBe(0)
  })
})

describe('docs/product.md §5: "Previous does not go below 1. Next does not go beyond the last page."', () => {
  it('stops Previous at 1', () => {
    expect(previousPage(1)).toBe(1)
    expect(previousPage(3)).toBe(2)
  })
  it('stops Next at the last page', () => {
    expect(nextPage(5, 5)).toBe(5)
    expect(nextPage(4, 5)).toBe(5)
  })
  it('keeps Next on 1 when there are no pages', () => {
    expect(nextPage(1, 0)).toBe(1)
  })
})

describe('pageNumbers', () => {
  it('lists every page when there are few', () => {
    expect(pageNumbers(1, 5)).toEqual([1, 2, 3, 4, 5])
    expect(pageNumbers(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
  })
  it('elides the far end near the start', () => {
    expect(pageNumbers(2, 20)).toEqual([1, 2, 3, 4, 5, null, 20])
  })
  it('elides both sides in the middle', () => {
    expect(pageNumbers(10, 20)).toEqual([1, null, 9, 10, 11, null, 20])
  })
  it('elides the near end near the last page', () => {
    expect(pageNumbers(19, 20)).toEqual([1, null, 16, 17, 18, 19, 20])
  })
  it('never shows more than 7 slots', () => {
    for (let page = 1; page <= 50; page++)
      expect(pageNumbers(page, 50).length).toBeLessThanOrEqual(7)
  })
})
