import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { stockAlertMutations } from '../../api/stock-alerts'
import '../../components/notify-me.css'

// /alerts?confirm=… or ?stop=…, the links of the back-in-stock mails: posts the token once and
// says what came of it. No session needed: the unsubscribe link works signed out.
export function AlertLinkPage({ kind, token }: { kind: 'confirm' | 'stop'; token: string }) {
  const { mutate, data, error, isPending, isIdle } = useMutation(
    stockAlertMutations.followLink(kind),
  )
  // Once per token: a confirmation link works once, so React's development double effect would
  // answer 'used' over the first post's success.
  const posted = useRef('')
  useEffect(() => {
    if (!token || posted.current === token) return
    posted.current = token
    mutate({ token })
  }, [token, mutate])
  const message = !token
    ? 'This link is incomplete: open the link from the mail again.'
    : (data?.ok ?? error?.message)
  return (
    <section className="alert-link-page">
      <h1>{kind === 'stop' ? 'Stop back-in-stock mails' : 'Confirm your back-in-stock alert'}</h1>
      <div aria-live="polite">
        {isPending || (token && isIdle) ? <p>One moment…</p> : <p role="status">{message}</p>}
      </div>
      <Link to="/" className="button">
        Back to the shop
      </Link>
    </section>
  )
}
