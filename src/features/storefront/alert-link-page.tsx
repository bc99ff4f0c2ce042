import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { stockAlertMutations } from '../../api/stock-alerts'
import '../../components/notify-me.css'

// /alerts?confirm=… or ?stop=…, the links of the back-in-stock mails. Nothing happens on load: a
// mail scanner that opens links and runs their scripts must not confirm or stop an alert, so the
// person presses the button. No session needed: the unsubscribe link works signed out.
export function AlertLinkPage({ kind, token }: { kind: 'confirm' | 'stop'; token: string }) {
  const { mutate, data, error, isPending, isIdle } = useMutation(
    stockAlertMutations.followLink(kind),
  )
  const title = kind === 'stop' ? 'Stop back-in-stock mails' : 'Confirm your back-in-stock alert'
  const action = kind === 'stop' ? 'Stop the mails' : 'Confirm the alert'
  return (
    <section className="alert-link-page">
      <h1>{title}</h1>
      <div aria-live="polite">
        {!token && <p role="status">This link is incomplete: open the link from the mail again.</p>}
        {token && !isIdle && !isPending && <p role="status">{data?.ok ?? error?.message}</p>}
      </div>
      {token && isIdle && (
        <button type="button" className="button button-primary" onClick={() => mutate({ token })}>
          {action}
        </button>
      )}
      {isPending && <p>One moment…</p>}
      <Link to="/" className="button">
        Back to the shop
      </Link>
    </section>
  )
}
