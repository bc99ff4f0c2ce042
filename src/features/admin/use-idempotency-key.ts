import { useRef } from 'react'

/**
 * The same request keeps its key, so a retry after a lost answer refunds once; a different one
 * (the admin changed the units, the amount or the reason) gets a new key.
 */
export function useIdempotencyKey<Body>() {
  const last = useRef<{ body: string; key: string } | null>(null)
  return (body: Body) => {
    const text = JSON.stringify(body)
    if (last.current?.body !== text) last.current = { body: text, key: crypto.randomUUID() }
    return last.current.key
  }
}
