import type { AuditKind } from '../../../contract/audit'
import { formatDateTime } from '../../lib/dates'

// How the Audit tab reads a row: a kind as words, a recorded value as text.

const DONE: Record<string, string> = {
  create: 'created',
  update: 'edited',
  delete: 'deleted',
  import: 'imported',
  ban: 'banned',
  unban: 'unbanned',
  ship: 'shipped',
  deliver: 'delivered',
  cancel: 'cancelled',
  refund: 'refunded',
}

// The pricing rows' short names are not the shop's words for them.
const ENTITY: Record<string, string> = { zone: 'Shipping zone', discount: 'Discount code' }
// A setting is named by its id: the tax settings are the row `setting` #tax.
const SETTING: Record<string, string> = { tax: 'Tax settings' }

/** `instrument.update` reads `Instrument edited`; the tax setting's, `Tax settings edited`. */
export function kindText(kind: AuditKind | string, entityId?: string | number | null) {
  const [entity = '', move = ''] = kind.split('.')
  const setting = entity === 'setting' && entityId != null ? SETTING[String(entityId)] : undefined
  const name = setting ?? ENTITY[entity] ?? `${entity.charAt(0).toUpperCase()}${entity.slice(1)}`
  return `${name} ${DONE[move] ?? move}`
}

const LIST_SHOWN = 20
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'string') return MOMENT.test(value) ? formatDateTime(value) : value
  if (Array.isArray(value)) {
    // An import lists the ids it wrote: thousands of them would bury the page.
    const shown = value.slice(0, LIST_SHOWN).map(valueText).join('; ')
    return value.length > LIST_SHOWN ? `${shown}; … (${value.length} in all)` : shown
  }
  if (typeof value === 'object') {
    return Object.entries(value)
      .map(([name, inner]) => `${name}: ${valueText(inner)}`)
      .join(', ')
  }
  return String(value)
}

/** The filter's days are the admin's own: from the first moment of one to the last of the other. */
export const dayStart = (day: string) => new Date(`${day}T00:00:00`).toISOString()
export const dayEnd = (day: string) => new Date(`${day}T23:59:59.999`).toISOString()
