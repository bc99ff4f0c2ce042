import { describe, expect, it } from 'vitest'
import { isImageUrl, matchesQuery } from './table-cells'

describe('isImageUrl (docs/product.md §2: image URLs in the second column show as images)', () => {
  it.each([
    ['https://cdn.example.com/guitar.png', true],
    ['https://example.com/img?id=3', true],
    ['/images/instruments/violin.svg', true],
    ['/images/instruments/violin.webp', true],
    ['Stratocaster', false],
    ['/admin', false],
    ['http://insecure.example.com/a.png', false],
    [42, false],
  ])('%s → %s', (value, expected) => {
    expect(isImageUrl(value)).toBe(expected)
  })
})

describe('matchesQuery (docs/product.md §4: case-insensitive substring)', () => {
  it('matches any part of the text regardless of case', () => {
    expect(matchesQuery('Fender Stratocaster', 'STRAT')).toBe(true)
    expect(matchesQuery('Fender Stratocaster', 'gibson')).toBe(false)
  })
  it('matches a list when any entry matches, and everything on an empty query', () => {
    expect(matchesQuery(['Drum', 'Violin'], 'vio')).toBe(true)
    expect(matchesQuery([], '  ')).toBe(true)
  })
})
