import { useId } from 'react'
import type { StockFilter } from '../../../contract/back-office'

export type StockChoice = StockFilter | 'all'

export const stockChoices: Record<StockChoice, string> = {
  all: 'All instruments',
  low: 'Low stock',
  out: 'Out of stock',
  'low-or-out': 'Low or out of stock',
}

/** The Instruments tab's filter by stock level; the server does the filtering. */
export function StockFilterSelect({
  value,
  onChange,
}: {
  value: StockChoice
  onChange: (next: StockChoice) => void
}) {
  const id = useId()
  return (
    <div className="admin-search admin-status-filter">
      <label htmlFor={id}>Filter by stock</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as StockChoice)}
      >
        {Object.entries(stockChoices).map(([choice, label]) => (
          <option key={choice} value={choice}>
            {label}
          </option>
        ))}
      </select>
    </div>
  )
}
