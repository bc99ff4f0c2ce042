const LOCAL_IMAGE = /^\/\S+\.(svg|png|jpe?g|webp|gif|avif)(\?\S*)?$/i

// The spec shows 'https://' values as images; the seeded catalogue also ships its pictures as
// local paths (/images/instruments/x.svg), which are images just the same.
export function isImageUrl(value: unknown): value is string {
  return typeof value === 'string' && (value.startsWith('https://') || LOCAL_IMAGE.test(value))
}

export function matchesQuery(text: string | string[], query: string): boolean {
  const needle = query.trim().toLowerCase()
  if (!needle) return true
  const haystack = Array.isArray(text) ? text : [text]
  return haystack.some((t) => t.toLowerCase().includes(needle))
}

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  return String(value)
}
