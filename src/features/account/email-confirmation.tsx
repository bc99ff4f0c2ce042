import { useMutation } from '@tanstack/react-query'
import { authMutations } from '../../api/auth'
import { notify } from '../../lib/toast'

// On the profile of an account whose address was never proved: the sign-up mailed a link, and
// "Resend" mails a new one (the server limits it like every mail a person can ask for). The
// account works meanwhile; only a Google sign-in as the address would take it over.
export function EmailConfirmation({ verified }: { verified: boolean }) {
  const resend = useMutation({
    ...authMutations.resendVerification(),
    onSuccess: ({ ok }) => notify.success(ok),
  })
  if (verified) return null
  return (
    <div className="account-notice" role="status">
      <p>Your e-mail address is not confirmed yet: open the link we mailed you.</p>
      <button
        type="button"
        className="account-button"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        Resend
      </button>
    </div>
  )
}
