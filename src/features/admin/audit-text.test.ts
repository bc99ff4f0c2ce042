import { describe, expect, it } from 'vitest'
import { kindText, valueText } from './audit-text'

describe('how the Audit tab reads a row', () => {
  it('reads a kind as words', () => {
    expect(kindText('instrument.update')).toBe('Instrument edited')
    expect(kindText('user.unban')).toBe('User unbanned')
    expect(kindText('sale.refund')).toBe('Sale refunded')
    expect(kindText('setting.update')).toBe('Setting edited')
    expect(kindText('setting.update', 'tax')).toBe('Tax settings edited')
    expect(kindText('zone.create', 3)).toBe('Shipping zone created')
    expect(kindText('discount.delete', 4)).toBe('Discount code deleted')
  })

  it('reads values as text: nothing as a dash, objects as fields, long lists cut short', () => {
    expect(valueText(null)).toBe('—')
    expect(valueText(false)).toBe('false')
    expect(valueText({ amount: 50, lines: [{ name: 'Cello', count: 1 }] })).toBe(
      'amount: 50, lines: name: Cello, count: 1',
    )
    const ids = Array.from({ length: 10_000 }, (_, i) => i + 1)
    expect(valueText(ids)).toMatch(/^1; 2; .*; 20; … \(10000 in all\)$/)
    expect(valueText('2026-11-25T10:30:00.000Z')).toContain('2026')
  })
})
