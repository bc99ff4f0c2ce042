import { useId } from 'react'

interface QuantityPickerProps {
  value: number
  max: number
  onChange: (value: number) => void
}

export function QuantityPicker({ value, max, onChange }: QuantityPickerProps) {
  const id = useId()
  const set = (next: number) => onChange(Math.max(1, Math.min(max, Math.round(next) || 1)))
  return (
    <div className="quantity">
      <label htmlFor={id}>Quantity</label>
      <div className="quantity-control">
        <button
          type="button"
          aria-label="Decrease quantity"
          disabled={value <= 1}
          data-replay="quantity-less"
          onClick={() => set(value - 1)}
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          value={value}
          onChange={(event) => set(Number(event.target.value))}
        />
        <button
          type="button"
          aria-label="Increase quantity"
          disabled={value >= max}
          data-replay="quantity-more"
          onClick={() => set(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  )
}
