import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { userMutations } from '../../api/users'
import { Dialog } from '../../components/dialog'
import { notify } from '../../lib/toast'
import { useLogOut } from './use-log-out'

// 'Delete my account' and its confirmation (spec 4): confirm deletes the account, removes the
// session and goes to /; cancel goes to /user/profile.
export function DeleteAccountButton() {
  const [confirming, setConfirming] = useState(false)
  const navigate = useNavigate()
  const logOut = useLogOut()
  const remove = useMutation({
    ...userMutations.deleteOwnAccount(),
    onSuccess: async ({ ok }) => {
      await logOut()
      notify.success(ok)
    },
  })
  const cancel = () => {
    setConfirming(false)
    // The spec's lower-case path; route matching is case-insensitive, so it is this page.
    void navigate({ href: '/user/profile' })
  }

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
            <button
              type="button"
              className="account-button account-danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate()}
            >
              Delete
            </button>
          </>
        }
      >
        <p>
          Your account, profile and favourites will be deleted for good and you will be signed out.
          Your past orders stay in the shop's records.
        </p>
      </Dialog>
    </>
  )
}
