import type { Instrument } from '../../../contract/catalog'

/** The New / Used label of cards and the detail page. */
export function StatusLabel({ status }: { status: Instrument['status'] }) {
  return <span className={`status-label status-${status.toLowerCase()}`}>{status}</span>
}
