import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { subscribeToNewsletter } from '../../api/newsletter'
import { Field } from '../../components/field'
import { notify } from '../../lib/toast'

/** The footer's newsletter sign-up (spec 1, POST /mail/news), validated by the contract's rule. */
export function NewsletterForm() {
  const [error, setError] = useState<string>()
  const subscribe = useMutation({
    mutationFn: subscribeToNewsletter,
    onSuccess: (answer) => notify.success(answer.ok),
    onError: (failure) => notify.error(failure.message),
  })

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    // The contract's schema loads on first submit: it brings classic zod, which the first paint
    // of every page would otherwise pay for.
    const { newsletterBody } = await import('../../../contract/mail')
    const parsed = newsletterBody.safeParse({ email: new FormData(form).get('email') })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message)
      return
    }
    setError(undefined)
    subscribe.mutate(parsed.data.email, { onSuccess: () => form.reset() })
  }

  return (
    <form className="newsletter" noValidate onSubmit={submit} aria-labelledby="newsletter-title">
      <h2 id="newsletter-title" className="footer-title">
        Newsletter
      </h2>
      <p className="footer-text">News about instruments and offers, once a month.</p>
      <div className="newsletter-row">
        <Field label="email" error={error} className="newsletter-field">
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
            />
          )}
        </Field>
        <button type="submit" className="button button-accent" disabled={subscribe.isPending}>
          {subscribe.isPending ? 'Sending…' : 'Subscribe'}
        </button>
      </div>
    </form>
  )
}
