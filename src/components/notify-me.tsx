import { useMutation, useQuery } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { stockAlertMutations, stockAlertQueries } from '../api/stock-alerts'
import { notify } from '../lib/toast'
import { useSessionStore } from '../stores/session'
import './notify-me.css'

// Not in contract/stock-alerts.ts: its schemas would bring zod into the storefront's first load.
const NOTIFY_ME = "Notify me when it's back"

// "Notify me when it's back" beside a sold-out instrument (detail page, favourites). The spec's
// Add to cart and its 'Stock sold out' warning stay as they are: this is an extra way out.
export function NotifyMe({ instrumentId, name }: { instrumentId: number; name: string }) {
  const signedIn = useSessionStore((s) => s.session !== null)
  return signedIn ? (
    <OneTapAlert instrumentId={instrumentId} name={name} />
  ) : (
    <AlertByEmail instrumentId={instrumentId} name={name} />
  )
}

function OneTapAlert({ instrumentId, name }: { instrumentId: number; name: string }) {
  const { data } = useQuery(stockAlertQueries.mine(instrumentId))
  const subscribe = useMutation(stockAlertMutations.subscribe(instrumentId))
  const stop = useMutation(stockAlertMutations.stop(instrumentId))
  const onSuccess = ({ ok }: { ok: string }) => notify.success(ok)
  if (data?.subscribed) {
    return (
      <div className="notify-me">
        <p className="notify-me-note">We will e-mail you when it's back.</p>
        <button
          type="button"
          className="link-button"
          aria-label={`Stop the alert for ${name}`}
          disabled={stop.isPending}
          onClick={() => stop.mutate(undefined, { onSuccess })}
        >
          Stop notifying me
        </button>
      </div>
    )
  }
  return (
    <div className="notify-me">
      <button
        type="button"
        className="button"
        aria-label={`${NOTIFY_ME}: ${name}`}
        disabled={subscribe.isPending || data === undefined}
        onClick={() => subscribe.mutate(undefined, { onSuccess })}
      >
        {NOTIFY_ME}
      </button>
    </div>
  )
}

function AlertByEmail({ instrumentId, name }: { instrumentId: number; name: string }) {
  const [asking, setAsking] = useState(false)
  const subscribe = useMutation(stockAlertMutations.subscribe(instrumentId))
  const fieldId = useId()
  if (!asking) {
    return (
      <div className="notify-me">
        <button
          type="button"
          className="button"
          aria-label={`${NOTIFY_ME}: ${name}`}
          onClick={() => setAsking(true)}
        >
          {NOTIFY_ME}
        </button>
      </div>
    )
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim()
    subscribe.mutate(email, {
      onSuccess: ({ ok }) => {
        notify.success(ok)
        setAsking(false)
      },
    })
  }
  return (
    <form className="notify-me notify-me-form" aria-label={`Alert for ${name}`} onSubmit={submit}>
      <label htmlFor={fieldId}>Email</label>
      <input id={fieldId} name="email" type="email" autoComplete="email" required maxLength={254} />
      <button type="submit" className="button" disabled={subscribe.isPending}>
        Notify me
      </button>
    </form>
  )
}
