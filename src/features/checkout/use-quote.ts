import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { quoteQueries } from '../../api/pricing'
import type { CartLineView } from '../cart/use-cart-lines'

// Asked once the shopper stops typing the country, not on every letter.
const COUNTRY_DELAY_MS = 350

function useSettled(value: string) {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), COUNTRY_DELAY_MS)
    return () => clearTimeout(timer)
  }, [value])
  return settled
}

/** What the order costs sent to this country, with that method and code: the server's quote. */
export function useQuote({
  lines,
  country,
  shippingMethodId,
  discountCode,
}: {
  lines: CartLineView[]
  country: string
  shippingMethodId: number | undefined
  discountCode: string | undefined
}) {
  const settled = useSettled(country.trim())
  const items = lines
    .filter((line) => !line.unavailable)
    .map((line) => ({ id: line.id, quantity: line.count }))
  const asked = settled !== '' && items.length > 0
  const quote = useQuery({
    ...quoteQueries.quote({ items, country: settled, shippingMethodId, discountCode }),
    enabled: asked,
    // The previous figures stay while a new method or code is priced: no flash of nothing.
    placeholderData: keepPreviousData,
  })
  return {
    quote: asked ? quote.data : undefined,
    /** The country typed is not priced yet: Pay waits for its figures. */
    pricing: country.trim() !== settled || (asked && quote.isFetching),
    country: settled,
  }
}
