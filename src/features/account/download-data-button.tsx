import { useState } from 'react'
import { toApiError } from '../../api/http'
import { downloadOwnData } from '../../api/users'
import { notify } from '../../lib/toast'

// Everything the shop keeps about the signed-in shopper, as a JSON file (GET /users/me/export).
export function DownloadDataButton() {
  const [busy, setBusy] = useState(false)
  const save = async () => {
    setBusy(true)
    try {
      await downloadOwnData()
    } catch (error) {
      notify.error((await toApiError(error)).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <button type="button" className="account-button" disabled={busy} onClick={save}>
      {busy ? 'Preparing your data…' : 'Download my data'}
    </button>
  )
}
