import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { type LoginBody, loginBody } from '../../../contract/auth'
import { authMutations } from '../../api/auth'
import { ApiError } from '../../api/http'
import { TextField } from '../../components/text-field'
import { notify } from '../../lib/toast'
import { usePanelsStore } from '../../stores/panels'
import { GoogleSignIn } from './google-sign-in'
import { useSignIn } from './use-sign-in'
import './account.css'

const CLOSE_AFTER_SIGN_UP_MS = 2000

export function LoginForm({ inPanel = false }: { inPanel?: boolean }) {
  const signIn = useSignIn()
  const login = useMutation({
    ...authMutations.login(),
    meta: { errorToast: false },
    onSuccess: signIn,
  })
  // The spec's toast passes in 3 s; the same words stay under the button until the next try.
  const [failure, setFailure] = useState<string | null>(null)
  const send = (values: LoginBody, warned: boolean) => {
    setFailure(null)
    login.mutate(values, {
      onError: (error) => {
        if (warned && error instanceof ApiError && error.status === 400) return
        notify.error(error.message)
        setFailure(error.message)
      },
    })
  }
  const { register, handleSubmit, getValues } = useForm<LoginBody>({
    resolver: zodResolver(loginBody),
    defaultValues: { userName: '', password: '' },
  })

  // docs/product.md §5: empty fields show the warning and the request is still sent.
  const onSubmit = handleSubmit(
    (values) => send(values, false),
    () => {
      notify.warning('userName or Password required')
      send(getValues(), true)
    },
  )

  return (
    <div className="account-login">
      <form
        className={inPanel ? 'account-form account-form-plain' : 'account-form'}
        onSubmit={onSubmit}
        noValidate
      >
        <TextField
          label="userName"
          autoComplete="username"
          data-autofocus={inPanel || undefined}
          {...register('userName')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...register('password')}
        />
        <button type="submit" className="account-primary" disabled={login.isPending}>
          Log in
        </button>
        {failure && (
          <p className="field-error" role="alert">
            {failure}
          </p>
        )}
      </form>
      <div className="account-divider" aria-hidden="true">
        or
      </div>
      <GoogleSignIn />
      <p className="account-links">
        <Link
          to="/signup"
          onClick={() => setTimeout(usePanelsStore.getState().closePanel, CLOSE_AFTER_SIGN_UP_MS)}
        >
          Don't have an account?
        </Link>
        <Link to="/user/profile/resetpassword" onClick={usePanelsStore.getState().closePanel}>
          Forgot your password?
        </Link>
      </p>
    </div>
  )
}
