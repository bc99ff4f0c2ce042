import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { type SignUpBody, signUpBody } from '../../../contract/auth'
import { authMutations } from '../../api/auth'
import { TextField } from '../../components/text-field'
import { usePanelsStore } from '../../stores/panels'
import { AccountForm } from './account-form'
import { EmailField } from './email-field'
import { NewPasswordFields } from './new-password-fields'
import { useSendThenHome } from './use-send-then-home'
import './account.css'

export function SignUpPage() {
  const openPanel = usePanelsStore((s) => s.openPanel)
  const signUp = useSendThenHome(authMutations.signUp())
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
      <AccountForm
        onSubmit={handleSubmit((values) => signUp.mutate(values))}
        submitLabel="Sign up"
        busy={signUp.isPending}
      >
        <TextField
          label="userName"
          autoComplete="username"
          error={errors.userName?.message}
          {...register('userName')}
        />
        <EmailField error={errors.email?.message} {...register('email')} />
        <NewPasswordFields
          register={register}
          errors={errors}
          confirm={{ name: 'confirmpassword', label: 'confirmpassword' }}
        />
      </AccountForm>
      <p className="account-links">
        <button type="button" className="account-link-button" onClick={() => openPanel('login')}>
          Have an account? Log in now
        </button>
      </p>
    </section>
  )
}
