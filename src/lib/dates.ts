/** A stored timestamp as people read it; a value that is not a date is shown as it came. */
export function formatDateTime(iso: string) {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('es-US')
}
