import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { AUDIT_KINDS } from '../../../contract/audit'
import { adminQueries } from '../../api/admins'
import { auditQueries } from '../../api/audit'
import { formatDateTime } from '../../lib/dates'
import { AuditFields } from './audit-changes'
import { kindText } from './audit-text'
import { tableQueries } from './tab-queries'
import { useAdminSearch } from './use-admin-search'
import './audit.css'

// Who changed what and when: the server pages and filters the trail; this tab shows a
// page of it and never changes it. The filters and the page are in the URL (use-admin-search.ts).
export function AuditTab() {
  const { search, refine, goToPage } = useAdminSearch()
  const trail = useQuery({
    ...auditQueries.page(tableQueries.audit(search)),
    placeholderData: keepPreviousData,
  })
  const admins = useQuery(adminQueries.list())
  const ids = { admin: useId(), kind: useId(), from: useId(), to: useId() }
  const filtered = Boolean(search.adminId || search.kind || search.from || search.to)
  const data = trail.data

  return (
    <section className="admin-table-block audit" aria-label="Audit trail">
      <div className="admin-toolbar audit-filters">
        <div className="admin-search">
          <label htmlFor={ids.admin}>Admin</label>
          <select
            id={ids.admin}
            value={search.adminId ?? ''}
            onChange={(event) => refine({ adminId: Number(event.target.value) || undefined })}
          >
            <option value="">All admins</option>
            {admins.data?.map((admin) => (
              <option key={admin.id} value={admin.id}>
                {admin.userName}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-search">
          <label htmlFor={ids.kind}>Kind</label>
          <select
            id={ids.kind}
            value={search.kind ?? ''}
            onChange={(event) =>
              refine({ kind: AUDIT_KINDS.find((kind) => kind === event.target.value) })
            }
          >
            <option value="">All kinds</option>
            {AUDIT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kindText(kind)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-search audit-day">
          <label htmlFor={ids.from}>From</label>
          <input
            id={ids.from}
            type="date"
            value={search.from ?? ''}
            onChange={(event) => refine({ from: event.target.value || undefined })}
          />
        </div>
        <div className="admin-search audit-day">
          <label htmlFor={ids.to}>To</label>
          <input
            id={ids.to}
            type="date"
            value={search.to ?? ''}
            onChange={(event) => refine({ to: event.target.value || undefined })}
          />
        </div>
        {filtered && (
          <button
            type="button"
            className="button admin-button-small"
            onClick={() =>
              refine({ adminId: undefined, kind: undefined, from: undefined, to: undefined })
            }
          >
            Clear filters
          </button>
        )}
      </div>
      {trail.isError && (
        <p className="field-error" role="alert">
          {trail.error.message}
        </p>
      )}
      <section
        className="admin-table-scroll"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must be reachable by keyboard
        tabIndex={0}
        aria-label="Audit entries"
        aria-busy={trail.isFetching}
      >
        <table className="admin-table audit-table">
          <caption className="visually-hidden">Audit trail, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Admin</th>
              <th scope="col">Kind</th>
              <th scope="col">Entity</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {data && data.items.length === 0 && (
              <tr>
                <td colSpan={6} className="admin-table-message">
                  {filtered
                    ? 'No audit entries match these filters'
                    : 'No admin has changed anything yet'}
                </td>
              </tr>
            )}
            {data?.items.map((entry) => (
              <tr key={entry.id}>
                <td data-label="Time">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </td>
                <td data-label="Admin">
                  <span>
                    {entry.adminName}
                    {entry.adminId !== null && <span className="audit-id"> #{entry.adminId}</span>}
                  </span>
                </td>
                <td data-label="Kind">{kindText(entry.kind, entry.entityId)}</td>
                <td data-label="Entity">
                  {entry.entity}
                  {entry.entityId !== null && ` #${entry.entityId}`}
                </td>
                <td data-label="Before" className="audit-change">
                  <AuditFields fields={entry.before} />
                </td>
                <td data-label="After" className="audit-change">
                  <AuditFields fields={entry.after} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {data && (
        <nav className="audit-pager" aria-label="Audit pages">
          <button
            type="button"
            className="button admin-button-small"
            disabled={data.page <= 1}
            onClick={() => goToPage(data.page - 1)}
          >
            Previous
          </button>
          <p aria-live="polite">
            Page {data.page} of {data.pages} · {data.total} {data.total === 1 ? 'entry' : 'entries'}
          </p>
          <button
            type="button"
            className="button admin-button-small"
            disabled={data.page >= data.pages}
            onClick={() => goToPage(data.page + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </section>
  )
}
