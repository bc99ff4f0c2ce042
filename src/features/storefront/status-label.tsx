import type { Instrument } from '../../../contract/catalog'

export function StatusLabel({ status }: { status: Instrument['status'] }) {
  return <span className={`status-label status-${status.toLowerCase()}`}>{status}</span>
}
