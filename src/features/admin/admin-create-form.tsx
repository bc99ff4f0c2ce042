import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { type AdminRegisterBody, adminRegisterBody } from '../../../contract/users'
import { adminMutations } from '../../api/admins'
import { Field } from '../../components/field'
import { CreatePanel } from './create-panel'
import { useCreate } from './use-create'

type TextField = Exclude<keyof AdminRegisterBody, 'rol'>

const textFields: { name: TextField; type?: string }[] = [
  { name: 'firstName' },
  { name: 'lastName' },
  { name: 'email', type: 'email' },
  { name: 'userName' },
  { name: 'password', type: 'password' },
]

export function AdminCreateForm({ onDone }: { onDone: () => void }) {
  const { register, handleSubmit, formState } = useForm({
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      userName: '',
      password: '',
      rol: 'admin',
    } satisfies AdminRegisterBody,
    resolver: zodResolver(adminRegisterBody),
    mode: 'onTouched',
  })
  const create = useCreate(adminMutations.create(), onDone)

  return (
    <CreatePanel
      title="Registrar una nueva"
      submitLabel="Aceptar"
      cancelLabel="Cancelar"
      onCancel={onDone}
      submitDisabled={formState.isSubmitting || create.isPending}
      onSubmit={handleSubmit(create.submit)}
    >
      {textFields.map(({ name, type }) => (
        <Field key={name} label={name} error={formState.errors[name]?.message}>
          {(a11y) => (
            <input
              {...a11y}
              type={type ?? 'text'}
              autoComplete={name === 'password' ? 'new-password' : 'off'}
              {...register(name)}
            />
          )}
        </Field>
      ))}
      <Field label="rol" error={formState.errors.rol?.message}>
        {(a11y) => (
          <select {...a11y} {...register('rol')}>
            <option value="admin">admin</option>
            <option value="banned">banned</option>
          </select>
        )}
      </Field>
    </CreatePanel>
  )
}
