import { useMutation } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { ImportSummary } from '../../../contract/catalogue-csv'
import { catalogueCsvMutations, importProblems } from '../../api/catalogue-csv'
import { Dialog } from '../../components/dialog'
import { Field } from '../../components/field'
import { notify } from '../../lib/toast'
import { ImportProblems } from './import-problems'

const counted = (s: ImportSummary) =>
  `${s.created} new, ${s.updated} updated, ${s.unchanged} unchanged`

/** Choose a file → the dry run lists its problems by line, or what it would do → Import. */
export function CatalogueImportDialog({ onClose }: { onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null)
  const chosenRef = useRef<File | null>(null)
  const check = useMutation(catalogueCsvMutations.check())
  const run = useMutation({
    ...catalogueCsvMutations.run(),
    onSuccess: (done) => {
      notify.success('Catalogue imported', { description: counted(done) })
      onClose()
    },
  })
  const choose = (chosen: File | null) => {
    // Some browsers report one choice twice (input, then change): one dry run is enough.
    if (chosen === chosenRef.current) return
    chosenRef.current = chosen
    setFile(chosen)
    run.reset()
    if (chosen) check.mutate(chosen)
    else check.reset()
  }
  const failed = run.error ?? check.error
  const problems = importProblems(failed)
  const ready = check.data && !run.error && check.data.created + check.data.updated > 0

  return (
    <Dialog
      open
      title="Import instruments from CSV"
      onClose={onClose}
      width={640}
      actions={
        <div className="admin-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={!ready || !file || run.isPending}
            onClick={() => file && run.mutate(file)}
          >
            {run.isPending ? 'Importing…' : 'Import'}
          </button>
          <button type="button" className="button" onClick={onClose}>
            Cancelar
          </button>
        </div>
      }
    >
      <div className="admin-form catalogue-import">
        <p className="admin-note">
          The columns of the export: a row with an id updates that instrument, a row without one
          adds it; category is a category&apos;s name or id. Nothing changes until every row is
          right.
        </p>
        <Field
          label="CSV file"
          hint="UTF-8, at most 10 MB. It is checked as soon as you choose it."
        >
          {(a11y) => (
            <input
              {...a11y}
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
            />
          )}
        </Field>
        <p className="catalogue-import-status" role="status">
          {check.isPending
            ? 'Checking the file…'
            : failed
              ? failed.message
              : check.data
                ? check.data.created + check.data.updated > 0
                  ? `Ready: ${counted(check.data)}.`
                  : `Nothing to change: the file matches the catalogue (${check.data.unchanged} unchanged).`
                : ''}
        </p>
        {problems.length > 0 && <ImportProblems problems={problems} />}
      </div>
    </Dialog>
  )
}
