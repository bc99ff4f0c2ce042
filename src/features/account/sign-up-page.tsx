import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { type SignUpBody, signUpBody } from '../../../contract/auth'
import { authMutations } from '../../api/auth'
import { TextField } from '../../components/text-field'
import { notify } from '../../lib/toast'
import { usePanelsStore } from '../../stores/panels'
import './account.css'

export function SignUpPage() {
  const navigate = useNavigate()
  const openPanel = usePanelsStore((s) => s.openPanel)
  const signUp = useMutation({
    ...authMutations.signUp(),
    onSuccess: async ({ ok }) => {
      notify.success(ok)
      await navigate({ to: '/' })
    },
  })
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignUpBody>({
    resolver: zodResolver(signUpBody),
    defaultValues: { userName: '', email: '', password: '', confirmpassword: '' },
  })

  return (
    <section className="account-page">
      <h1>Sign up</h1>
      <form
        className="account-form"
        onSubmit={handleSubmit((values) => signUp.mutate(values))}
        noValidate
      >
        <TextField
          label="userName"
          autoComplete="username"
          error={errors.userName?.message}
          {...register('userName')}
        />
        <TextField
          label="email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 letters or digits, with a digit and a lowercase letter."
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="confirmpassword"
          type="password"
          autoComplete="new-password"
          error={errors.confirmpassword?.message}
          {...register('confirmpassword')}
        />
        <button type="submit" className="account-primary" disabled={signUp.isPending}>
          Sign up
        </button>
      </form>
      <p className="account-links">
        <button type="button" className="account-link-button" onClick={() => openPanel('login')}>
          Have an account? Log in now
        </button>
      </p>
    </section>
  )
}
