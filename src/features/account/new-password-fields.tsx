import type { UseFormRegisterReturn } from 'react-hook-form'
import { TextField } from '../../components/text-field'

type Name<Confirm extends string> = 'password' | Confirm

interface NewPasswordFieldsProps<Confirm extends string> {
  register: (name: Name<Confirm>) => UseFormRegisterReturn
  errors: Partial<Record<Name<Confirm>, { message?: string }>>
  confirm: { name: Confirm; label: string }
}

const newPassword = { type: 'password', autoComplete: 'new-password' } as const

export function NewPasswordFields<Confirm extends string>({
  register,
  errors,
  confirm,
}: NewPasswordFieldsProps<Confirm>) {
  return (
    <>
      <TextField
        label="password"
        hint="At least 8 letters or digits, with a digit and a lowercase letter."
        error={errors.password?.message}
        {...newPassword}
        {...register('password')}
      />
      <TextField
        label={confirm.label}
        error={errors[confirm.name]?.message}
        {...newPassword}
        {...register(confirm.name)}
      />
    </>
  )
}
