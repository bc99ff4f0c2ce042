import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { authMutations } from '../../api/auth'
import './account.css'

// /user/verify-email?token=…, the link of the sign-up mail: posts the token once and says what
// came of it. No session needed: the mail may be opened in another browser.
export function VerifyEmailPage({ token }: { token: string }) {
  const { mutate, data, error, isPending, isIdle } = useMutation(authMutations.verifyEmail())
  // Once per token: the link works once, so a second post (React's development double effect)
  // would answer 'used' over the first one's success.
  const posted = useRef('')
  useEffect(() => {
    if (!token || posted.current === token) return
    posted.current = token
    mutate(token)
  }, [token, mutate])
  const message = !token
    ? 'This confirmation link is incomplete: open the link from the mail again.'
    : (data?.ok ?? error?.message)
  return (
    <section className="account-page">
      <h1>Confirm your e-mail address</h1>
      <div className="account-card" aria-live="polite">
        {isPending || (token && isIdle) ? <p>Confirming…</p> : <p role="status">{message}</p>}
        <Link to="/" className="account-button">
          Back to the shop
        </Link>
      </div>
    </section>
  )
}
