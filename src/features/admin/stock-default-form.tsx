import { useMutation, useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { backOfficeQueries, stockSettingsMutations } from '../../api/back-office'
import { notify } from '../../lib/toast'

/** The shop's default low-stock threshold, for instruments without their own. */
export function StockDefaultForm() {
  const id = useId()
  const { data } = useQuery(backOfficeQueries.stockSettings())
  const [typed, setTyped] = useState<string | null>(null)
  const save = useMutation({
    ...stockSettingsMutations.save(),
    onSuccess: (answer) => {
      notify.success(answer.ok)
      setTyped(null)
    },
  })
  const value = typed ?? (data ? String(data.lowStockThreshold) : '')
  return (
    <form
      className="admin-search admin-stock-default"
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate({ lowStockThreshold: Number(value) })
      }}
    >
      <label htmlFor={id}>Low stock at (default)</label>
      <div className="admin-stock-default-row">
        <input
          id={id}
          type="number"
          min="0"
          step="1"
          inputMode="numeric"
          required
          value={value}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button
          type="submit"
          className="button admin-button-small"
          disabled={!data || typed === null || save.isPending}
        >
          Save
        </button>
      </div>
    </form>
  )
}
