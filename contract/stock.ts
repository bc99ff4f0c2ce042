// docs/product.md §5: a cart may not take more than the stock. The server's reservation and the
// mock backend refuse with the same words.

/** Why `count` units cannot be sold, or undefined when they can. */
export function stockRefusal(
  instrument: { name: string; stock: number },
  count: number,
): string | undefined {
  if (count <= instrument.stock) return undefined
  return instrument.stock === 0
    ? `${instrument.name} is sold out`
    : `Only ${instrument.stock} left of ${instrument.name}`
}
