import { useVirtualizer } from '@tanstack/react-virtual'
import type { RefObject } from 'react'

// A shop may hold 10,000 instruments: past this many rows a table draws only those in and near
// its 500 px box. Below it every row is drawn, as a short table needs nothing more.
const WINDOW_FROM = 100

export function useRowWindow(count: number, scroller: RefObject<HTMLElement | null>) {
  const windowed = count > WINDOW_FROM
  const virtualizer = useVirtualizer({
    count,
    enabled: windowed,
    getScrollElement: () => scroller.current,
    estimateSize: () => 56,
    overscan: 10,
  })
  if (!windowed) {
    return { indexes: Array.from({ length: count }, (_, i) => i), above: 0, below: 0 }
  }
  const items = virtualizer.getVirtualItems()
  return {
    indexes: items.map((item) => item.index),
    above: items[0]?.start ?? 0,
    below: virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0),
    measure: virtualizer.measureElement,
  }
}
