// Money in one place. Prices and costs are numeric(10,2) in the unit people read (dollars); every
// sum, comparison and new figure is whole cents, so 0.1 + 0.2 never drifts (docs/decisions/2026-11-25-orders.md).

const dollars = new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' })

export function formatPrice(amount: number): string {
  return dollars.format(amount).replace('.00', '')
}

/** A price or cost (two decimals at most) in whole cents. */
export function toCents(amount: number): number {
  return Math.round(amount * 100)
}

/** Whole cents back in the unit of `price` and `cost`, for the columns and answers that use it. */
export function fromCents(cents: number): number {
  return cents / 100
}

export function formatCents(cents: number): string {
  return formatPrice(fromCents(cents))
}

/** What lines of `price` x `count` come to, in whole cents. */
export function linesCents(lines: readonly { price: number; count: number }[]): number {
  return lines.reduce((sum, line) => sum + toCents(line.price) * line.count, 0)
}
