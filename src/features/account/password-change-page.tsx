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
import './account.css'

type PasswordChange = z.infer<typeof passwordChangeForm>

// user/resetpassword and admin/resetpassword (spec 2 and 4): the mailed link's one-time token
// plus the new password; then / (or the profile when the link came from it).
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
      <form
        className="account-form"
        onSubmit={handleSubmit(({ email, password, currentPassword }) =>
          change.mutate({
            email,
            pass: password,
            ...(token ? { token } : { currentPassword: currentPassword ?? '' }),
          }),
        )}
        noValidate
      >
        <TextField
          label="email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
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
        <TextField
          label="password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 letters or digits, with a digit and a lowercase letter."
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <button
          type="submit"
          className="account-primary"
          disabled={change.isPending || relogin.isPending}
        >
          Send
        </button>
      </form>
    </section>
  )
}
