const dollars = new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' })

/** Spec 5, price display: dollars in the es-US locale, with '.00' removed. */
export function formatPrice(amount: number): string {
  return dollars.format(amount).replace('.00', '')
}
