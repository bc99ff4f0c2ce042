import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { newsletterBody } from '../../../contract/mail'
import { subscribeToNewsletter } from '../../api/newsletter'
import { Field } from '../../components/field'
import { notify } from '../../lib/toast'

type NewsletterForm = z.infer<typeof newsletterBody>

/** The footer's newsletter sign-up (spec 1, POST /mail/news), validated by the contract's rule. */
export function NewsletterForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<NewsletterForm>({
    resolver: zodResolver(newsletterBody),
    defaultValues: { email: '' },
  })
  const subscribe = useMutation({
    mutationFn: subscribeToNewsletter,
    onSuccess: (answer) => {
      notify.success(answer.ok)
      reset()
    },
    onError: (failure) => notify.error(failure.message),
  })

  return (
    <form
      className="newsletter"
      noValidate
      onSubmit={handleSubmit(({ email }) => subscribe.mutate(email))}
      aria-labelledby="newsletter-title"
    >
      <h2 id="newsletter-title" className="footer-title">
        Newsletter
      </h2>
      <p className="footer-text">News about instruments and offers, once a month.</p>
      <div className="newsletter-row">
        <Field label="email" error={errors.email?.message} className="newsletter-field">
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              {...register('email')}
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
