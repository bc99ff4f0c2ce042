import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { emailOnlyBody } from '../../../contract/mail'
import { mailMutations } from '../../api/mail'
import { userQueries } from '../../api/users'
import { notify } from '../../lib/toast'
import { useSession } from '../../stores/session'
import { AccountForm } from './account-form'
import { EmailField } from './email-field'
import './account.css'

type EmailForm = z.infer<typeof emailOnlyBody>

// /user/profile/resetpassword (docs/product.md §2): asks for the reset mail. With a session it is the
// profile variant (the profile's Change Password button): its link comes back to the profile.
export function ResetRequestPage() {
  const session = useSession()
  const variant = session ? 'profile' : 'user'
  const { data: me } = useQuery({ ...userQueries.me(), enabled: Boolean(session) })
  const [sentTo, setSentTo] = useState<string | null>(null)
  const request = useMutation({
    ...mailMutations.requestPasswordReset(),
    onSuccess: ({ ok }, { email }) => {
      notify.success(variant === 'profile' ? 'Email has sent you' : ok)
      setSentTo(email)
    },
  })
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EmailForm>({
    resolver: zodResolver(emailOnlyBody),
    defaultValues: { email: '' },
    values: me ? { email: me.email } : undefined,
    resetOptions: { keepDirtyValues: true },
  })

  return (
    <section className="account-page">
      <h1>{variant === 'profile' ? 'Change Password' : 'Reset your password'}</h1>
      <p className="account-lead">
        We will mail you a link to choose a new password. It works once, within one hour.
      </p>
      <AccountForm
        onSubmit={handleSubmit(({ email }) => request.mutate({ email, variant }))}
        submitLabel="Send"
        busy={request.isPending}
      >
        <EmailField error={errors.email?.message} {...register('email')} />
      </AccountForm>
      {sentTo && (
        <p className="account-note" role="status">
          If {sentTo} belongs to an account, the link is on its way: open it from your mailbox.
        </p>
      )}
    </section>
  )
}
