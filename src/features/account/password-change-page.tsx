import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { passwordChangeForm } from '../../../contract/users'
import { authMutations } from '../../api/auth'
import { userMutations } from '../../api/users'
import { TextField } from '../../components/text-field'
import { notify } from '../../lib/toast'
import { readToken, useSession, useSessionStore } from '../../stores/session'
import { AccountForm } from './account-form'
import { EmailField } from './email-field'
import { NewPasswordFields } from './new-password-fields'
import './account.css'

type PasswordChange = z.infer<typeof passwordChangeForm>

// user/resetpassword and admin/resetpassword (docs/product.md §2 and §4): the mailed link's token and a new
// password; then / (or the profile when the link came from it).
export function PasswordChangePage({
  variant,
  token,
  fromProfile,
}: {
  variant: 'user' | 'admin'
  token: string
  fromProfile: boolean
}) {
  const navigate = useNavigate()
  const session = useSession()
  const relogin = useMutation({ ...authMutations.login(), meta: { errorToast: false } })
  const change = useMutation({
    ...userMutations.resetPassword(),
    onSuccess: async ({ ok }, { pass }) => {
      notify.success(ok)
      if (fromProfile && session) {
        await backToProfile(pass)
        return
      }
      await navigate({ to: '/' })
    },
  })

  // A password change ends the account's earlier tokens on the server, so the profile variant
  // signs in again with the new password before going back to the profile.
  async function backToProfile(pass: string) {
    const { signIn, signOut } = useSessionStore.getState()
    try {
      const answer = await relogin.mutateAsync({
        userName: session?.userName ?? '',
        password: pass,
      })
      signIn({ ...answer })
      const admin = readToken(answer.token)?.role === 'admin'
      if (admin) await navigate({ href: '/admin' })
      else await navigate({ to: '/user/Profile' })
    } catch {
      signOut()
      await navigate({ to: '/' })
    }
  }

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordChange>({
    resolver: zodResolver(passwordChangeForm),
    defaultValues: { email: '', password: '', confirmPassword: '', currentPassword: '' },
  })

  return (
    <section className="account-page">
      <h1>CHANGE YOUR PASSWORD</h1>
      {variant === 'admin' && <p className="account-lead">Administrator account</p>}
      {!token && !session && (
        <p className="account-note" role="status">
          This page works from the link in the reset e-mail.{' '}
          <Link to="/user/profile/resetpassword">Ask for a new link</Link>
        </p>
      )}
      <AccountForm
        onSubmit={handleSubmit(({ email, password, currentPassword }) =>
          change.mutate({
            email,
            pass: password,
            ...(token ? { token } : { currentPassword: currentPassword ?? '' }),
          }),
        )}
        submitLabel="Send"
        busy={change.isPending || relogin.isPending}
      >
        <EmailField error={errors.email?.message} {...register('email')} />
        {/* Without a mailed link the server needs the current password: a stolen session alone must not change it. */}
        {!token && session && (
          <TextField
            label="current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
        )}
        <NewPasswordFields
          register={register}
          errors={errors}
          confirm={{ name: 'confirmPassword', label: 'confirm password' }}
        />
      </AccountForm>
    </section>
  )
}
