import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useId, useState } from 'react'
import { ApiError } from '../../api/http'
import { userMutations } from '../../api/users'
import { Dialog } from '../../components/dialog'
import { TextField } from '../../components/text-field'
import { notify } from '../../lib/toast'
import { readToken, useSession } from '../../stores/session'
import { useLogOut } from './use-log-out'

/** The server's window for deleting an account without a password (server/routes/users.ts). */
const FRESH_SIGN_IN_MS = 5 * 60 * 1000
export const SIGN_IN_AGAIN =
  'Sign in again to delete your account: it has no password, so a sign-in in the last 5 minutes confirms it is you.'

// 'Delete my account' and its confirmation (docs/product.md §4): confirm deletes the account, removes the
// session and goes to /; cancel goes to /user/profile. A stolen token alone must not delete an
// account, so the dialog asks for the current password, or without one for a fresh sign-in.
export function DeleteAccountButton({ hasPassword }: { hasPassword: boolean }) {
  const [confirming, setConfirming] = useState(false)
  const [currentPassword, setCurrentPassword] = useState('')
  const formId = useId()
  const navigate = useNavigate()
  const logOut = useLogOut()
  const session = useSession()
  const remove = useMutation({
    ...userMutations.deleteOwnAccount(),
    onSuccess: async ({ ok }) => {
      await logOut()
      notify.success(ok)
    },
  })
  const cancel = () => {
    setConfirming(false)
    setCurrentPassword('')
    remove.reset()
    // The spec's lower-case path; route matching is case-insensitive, so it is this page.
    void navigate({ href: '/user/profile' })
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    remove.mutate(hasPassword ? { currentPassword } : {})
  }
  const issuedAt = session ? (readToken(session.token)?.issuedAt ?? 0) : 0
  const needsSignIn = !hasPassword && Date.now() - issuedAt > FRESH_SIGN_IN_MS
  const error = remove.error
  const passwordError =
    error instanceof ApiError && error.field === 'currentPassword' ? error.message : undefined

  return (
    <>
      <button
        type="button"
        className="account-button account-danger"
        onClick={() => setConfirming(true)}
      >
        Delete my account
      </button>
      <Dialog
        open={confirming}
        title="Delete my account?"
        onClose={cancel}
        actions={
          <>
            <button type="button" className="account-button" data-autofocus onClick={cancel}>
              Cancel
            </button>
            {needsSignIn ? (
              <button type="button" className="account-button" onClick={() => void logOut()}>
                Sign in again
              </button>
            ) : (
              <button
                type="submit"
                form={formId}
                className="account-button account-danger"
                disabled={remove.isPending}
              >
                Delete
              </button>
            )}
          </>
        }
      >
        <p>
          Your account, profile and favourites will be deleted for good and you will be signed out.
          Your past orders stay in the shop's books without your name, e-mail, phone or address.
        </p>
        <form id={formId} onSubmit={submit} noValidate>
          {hasPassword && (
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(e) => setCurrentPassword(e.target.value)}
              error={passwordError}
            />
          )}
          {needsSignIn && <p>{SIGN_IN_AGAIN}</p>}
          {error && !passwordError && (
            <p className="field-error" role="alert">
              {error.message}
            </p>
          )}
        </form>
      </Dialog>
    </>
  )
}
