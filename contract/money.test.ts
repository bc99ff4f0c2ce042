import { describe, expect, it } from 'vitest'
import { formatPrice } from './money'

describe('formatPrice (spec 5: dollars, es-US, ".00" removed)', () => {
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
