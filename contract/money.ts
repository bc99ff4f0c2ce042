const dollars = new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' })

export function formatPrice(amount: number): string {
  return dollars.format(amount).replace('.00', '')
}

/** Prices are numeric(10,2): whole cents add and multiply without float drift. */
export function toCents(amount: number): number {
  return Math.round(amount * 100)
}

export function formatCents(cents: number): string {
  return formatPrice(cents / 100)
}
