import type { SalesBucket, SalesOverTimeQuery } from '../../../contract/sales-over-time'

// The periods the view offers at a tap; days are UTC days, as the server counts them.

const isoDate = (at: Date) => at.toISOString().slice(0, 10)

function daysBefore(today: Date, days: number) {
  const at = new Date(today)
  at.setUTCDate(at.getUTCDate() - days)
  return at
}

interface Preset {
  label: string
  by: SalesBucket
  days: number
}

export const LAST_30_DAYS: Preset = { label: '30 days', by: 'day', days: 30 }

export const PRESETS: Preset[] = [
  LAST_30_DAYS,
  { label: '12 weeks', by: 'week', days: 12 * 7 },
  { label: '12 months', by: 'month', days: 365 },
]

export function presetPeriod(preset: Preset, today = new Date()): SalesOverTimeQuery {
  return { from: isoDate(daysBefore(today, preset.days - 1)), to: isoDate(today), by: preset.by }
}

/** How a period's first day reads on the axis and in the table. */
export function periodLabel(start: string, by: SalesBucket) {
  const at = new Date(`${start}T00:00:00Z`)
  if (by === 'month') {
    return at.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })
  }
  const day = at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
  return by === 'week' ? `Week of ${day}` : day
}
