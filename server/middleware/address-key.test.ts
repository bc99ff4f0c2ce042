import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addressKey } from './address-key'

describe('addressKey', () => {
  it('keeps an IPv4 address whole', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7')
  })

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('::FFFF:cb00:7107')).toBe('203.0.113.7')
    expect(addressKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7')
  })

  it('counts every address of one IPv6 /64 as one client', () => {
    const key = addressKey('2001:db8:1:2::1')
    expect(key).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(key)
    expect(addressKey('2001:0DB8:0001:0002:abcd::9')).toBe(key)
    expect(addressKey('[2001:db8:1:2::42]')).toBe(key)
    expect(addressKey('2001:db8:1:3::1')).not.toBe(key)
  })

  it('expands "::" wherever it stands', () => {
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64')
    expect(addressKey('::2:3:4:5:6:7:8')).toBe('0:2:3:4::/64')
  })

  it('leaves what is not an address as it came (the socket-less "local")', () => {
    expect(addressKey('local')).toBe('local')
    expect(addressKey('unknown')).toBe('unknown')
  })

  const group = fc.integer({ min: 0, max: 0xffff })
  const groups = fc.array(group, { minLength: 8, maxLength: 8 })
  const hex = (g: number[]) => g.map((n) => n.toString(16))

  it('gives any two addresses the same key exactly when their first 64 bits agree', () => {
    fc.assert(
      fc.property(groups, groups, (a, b) => {
        fc.pre(!(a.slice(0, 5).every((g) => g === 0) && a[5] === 0xffff))
        fc.pre(!(b.slice(0, 5).every((g) => g === 0) && b[5] === 0xffff))
        const same = a.slice(0, 4).join() === b.slice(0, 4).join()
        expect(addressKey(hex(a).join(':')) === addressKey(hex(b).join(':'))).toBe(same)
      }),
    )
  })

  it('gives an address the same key however it is written (zeros padded, a run of zeros as "::")', () => {
    fc.assert(
      fc.property(groups, fc.nat(7), fc.nat(8), (g, start, length) => {
        const full = hex(g).join(':')
        const padded = hex(g)
          .map((s) => s.padStart(4, '0').toUpperCase())
          .join(':')
        const end = Math.min(8, start + length)
        const zeroed = g.map((n, i) => (i >= start && i < end ? 0 : n))
        const compressed =
          end > start
            ? `${hex(zeroed.slice(0, start)).join(':')}::${hex(zeroed.slice(end)).join(':')}`
            : hex(zeroed).join(':')
        expect(addressKey(padded)).toBe(addressKey(full))
        expect(addressKey(compressed)).toBe(addressKey(hex(zeroed).join(':')))
      }),
    )
  })

  it('maps every IPv4-mapped address back to its IPv4 address', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        expect(addressKey(`::ffff:${ip}`)).toBe(ip)
      }),
    )
  })
})
