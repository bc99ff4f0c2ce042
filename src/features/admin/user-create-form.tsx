import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { type UserCreateBody, userCreateBody } from '../../../contract/users'
import { userMutations } from '../../api/users'
import { Field } from '../../components/field'
import { CreatePanel } from './create-panel'
import { useCreate } from './use-create'

type TextField = Exclude<keyof UserCreateBody, 'rol'>

const textFields: { name: TextField; type?: string }[] = [
  { name: 'dni', type: 'number' },
  { name: 'firstName' },
  { name: 'lastName' },
  { name: 'contactNumber', type: 'tel' },
  { name: 'email', type: 'email' },
  { name: 'userName' },
  { name: 'password', type: 'password' },
  { name: 'buyerAddress' },
]

export function UserCreateForm({ onDone }: { onDone: () => void }) {
  const { register, handleSubmit, formState } = useForm({
    defaultValues: {
      dni: '',
      firstName: '',
      lastName: '',
      contactNumber: '',
      email: '',
      userName: '',
      password: '',
      buyerAddress: '',
      rol: 'user',
    } satisfies UserCreateBody,
    resolver: zodResolver(userCreateBody),
    mode: 'onTouched',
  })
  const create = useCreate(userMutations.create(), onDone)

  return (
    <CreatePanel
      title="Create a user"
      submitLabel="Accept"
      cancelLabel="Cancel"
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
      <Field label="role" error={formState.errors.rol?.message}>
        {(a11y) => (
          <select {...a11y} {...register('rol')}>
            <option value="user">user</option>
            <option value="banned">banned</option>
          </select>
        )}
      </Field>
    </CreatePanel>
  )
}
