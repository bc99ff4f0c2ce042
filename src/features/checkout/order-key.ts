// One Idempotency-Key per order: the same lines and counts keep their key across retries (a
// declined card, a lost answer, a reload), so the server never sells the order twice.

const STORAGE_KEY = 'checkout-order-key'

interface StoredKey {
  signature: string
  key: string
}

export function orderKeyFor(lines: readonly { id: number; count: number }[]): string {
  const signature = lines
    .map((l) => `${l.id}x${l.count}`)
    .sort()
    .join(',')
  const stored = read()
  if (stored?.signature === signature) return stored.key
  const key = crypto.randomUUID()
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ signature, key } satisfies StoredKey))
  return key
}

export function forgetOrderKey() {
  sessionStorage.removeItem(STORAGE_KEY)
}

function read(): StoredKey | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as StoredKey | null
    return typeof value?.signature === 'string' && typeof value.key === 'string' ? value : null
  } catch {
    return null
  }
}
