import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { mailMutations } from '../../api/mail'
import { Field } from '../../components/field'
import { notify } from '../../lib/toast'

/** The contract's rule, loaded on first use: the footer is in every page's first load, zod is not. */
async function emailProblem(email: string) {
  const { newsletterBody } = await import('../../../contract/mail')
  const parsed = newsletterBody.safeParse({ email })
  return parsed.success ? undefined : parsed.error.issues[0]?.message
}

export function NewsletterForm() {
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string>()
  const [submitted, setSubmitted] = useState(false)
  const subscribe = useMutation({
    ...mailMutations.subscribeToNewsletter(),
    onSuccess: (answer) => {
      notify.success(answer.ok)
      setEmail('')
      setSubmitted(false)
    },
  })

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    const problem = await emailProblem(email)
    setError(problem)
    if (!problem) subscribe.mutate(email)
  }

  return (
    <form className="newsletter" noValidate onSubmit={onSubmit} aria-labelledby="newsletter-title">
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
              value={email}
              onChange={(event) => {
                const next = event.target.value
                setEmail(next)
                if (submitted) void emailProblem(next).then(setError)
              }}
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
