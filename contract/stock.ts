// docs/product.md §5: a cart may not take more than the stock. The server's reservation and the
// mock backend refuse with the same words.

const fits = (stock: number, count: number) => count <= stock

/** Why `count` units cannot be sold, or undefined when they can. */
export function stockRefusal(
  instrument: { name: string; stock: number },
  count: number,
): string | undefined {
  if (fits(instrument.stock, count)) return undefined
  return instrument.stock === 0
    ? `${instrument.name} is sold out`
    : `Only ${instrument.stock} left of ${instrument.name}`
}

/** The same refusal beside a cart line, where the name is already shown. */
export function lineShortfall(line: { stock: number; count: number }): string | undefined {
  if (fits(line.stock, line.count)) return undefined
  return line.stock === 0 ? 'Sold out' : `Only ${line.stock} left`
}
