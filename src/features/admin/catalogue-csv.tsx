import { useState } from 'react'
import { downloadCsv } from '../../api/catalogue-csv'
import { toApiError } from '../../api/http'
import { notify } from '../../lib/toast'
import { CatalogueImportDialog } from './catalogue-import-dialog'
import './catalogue-csv.css'

/** The Instruments tab's bulk tools: export the catalogue as CSV and import it back. */
export function CatalogueCsv() {
  const [importing, setImporting] = useState(false)
  return (
    <div className="admin-actions catalogue-csv">
      <ExportButton what="instruments" label="Export CSV" />
      <button
        type="button"
        className="button admin-button-small"
        onClick={() => setImporting(true)}
      >
        Import CSV
      </button>
      {importing && <CatalogueImportDialog onClose={() => setImporting(false)} />}
    </div>
  )
}

export function ExportButton({ what, label }: { what: 'instruments' | 'sales'; label: string }) {
  const [busy, setBusy] = useState(false)
  const save = async () => {
    setBusy(true)
    try {
      await downloadCsv(what)
    } catch (error) {
      notify.error((await toApiError(error)).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <button type="button" className="button admin-button-small" disabled={busy} onClick={save}>
      {busy ? 'Exporting…' : label}
    </button>
  )
}
