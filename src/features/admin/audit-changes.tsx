import { valueText } from './audit-text'

type Fields = Record<string, unknown> | null

/** One side of an audit row: the fields as they were, or as they became. */
export function AuditFields({ fields }: { fields: Fields }) {
  const entries = Object.entries(fields ?? {})
  if (entries.length === 0) return <span className="audit-none">—</span>
  return (
    <dl className="audit-fields">
      {entries.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{valueText(value)}</dd>
        </div>
      ))}
    </dl>
  )
}
