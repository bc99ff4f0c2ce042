import { isIPv4, isIPv6 } from 'node:net'

// The per-address throttles count one client per key. An IPv6 subscriber is usually handed a
// whole /64 (2^64 addresses), so keying the full address would give one attacker a fresh
// counter per request: the key is the /64 prefix. An IPv4 address is one client, also when it
// arrives IPv4-mapped (::ffff:a.b.c.d) on a dual-stack socket.
export function addressKey(address: string): string {
  const plain = address.trim().replace(/^\[(.*)\]$/, '$1')
  if (isIPv4(plain)) return plain
  // A zone (fe80::1%eth0) names the host's interface, not the client.
  const ip = plain.replace(/%.*$/, '')
  if (!isIPv6(ip)) return address
  const groups = ipv6Groups(ip)
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6)
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`
}

/** The eight 16-bit groups of a valid IPv6 address, "::" expanded and a dotted tail converted. */
function ipv6Groups(ip: string): number[] {
  let text = ip.toLowerCase()
  const dotted = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
    const tail = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
    text = text.slice(0, -dotted[0].length) + tail
  }
  const [head = '', rest] = text.split('::')
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => Number.parseInt(g, 16)))
  const front = part(head)
  if (rest === undefined) return front
  const back = part(rest)
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back]
}
