import { describe, expect, it } from 'vitest'
import { formatCents, formatPrice, toCents } from './money'

describe('formatPrice (docs/product.md §5: dollars, es-US, ".00" removed)', () => {
  it('drops .00 from whole amounts', () => {
    expect(formatPrice(1299)).toBe('$1,299')
  })
  it('keeps cents that are not zero', () => {
    expect(formatPrice(19.5)).toBe('$19.50')
  })
  it('shows zero as $0', () => {
    expect(formatPrice(0)).toBe('$0')
  })
})

describe('cents', () => {
  it('multiplies a price in whole cents: 3 x $0.10 is $0.30, not 0.30000000000000004', () => {
    expect(toCents(0.1) * 3).toBe(30)
    expect(formatCents(toCents(0.1) * 3)).toBe('$0.30')
  })
  it('formats whole dollars as formatPrice does', () => {
    expect(formatCents(135_000)).toBe('$1,350')
  })
})
