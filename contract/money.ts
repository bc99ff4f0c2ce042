const dollars = new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' })

export function formatPrice(amount: number): string {
  return dollars.format(amount).replace('.00', '')
}
