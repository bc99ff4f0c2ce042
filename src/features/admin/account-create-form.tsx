import { zodResolver } from '@hookform/resolvers/zod'
import type { UseMutationOptions } from '@tanstack/react-query'
import { type FieldValues, type Resolver, useForm } from 'react-hook-form'
import type { z } from 'zod'
import type { MessageResponse } from '../../../contract/rules'
import { Field } from '../../components/field'
import { CreatePanel } from './create-panel'
import { useCreate } from './use-create'

type Values = Record<string, string>

interface AccountCreateFormProps<Body> {
  schema: z.ZodType<NoInfer<Body>, FieldValues>
  create: UseMutationOptions<MessageResponse, Error, Body>
  textFields: { name: Exclude<keyof NoInfer<Body>, 'rol'> & string; type?: string }[]
  role: { label: string; options: [initial: string, ...others: string[]] }
  title: string
  submitLabel: string
  cancelLabel: string
  onDone: () => void
}

// The users' and the admins' create forms share their logic; the spec words each differently.
export function AccountCreateForm<Body>(props: AccountCreateFormProps<Body>) {
  const { textFields, role, onDone } = props
  const { register, handleSubmit, formState } = useForm<Values, unknown, Body>({
    defaultValues: {
      ...Object.fromEntries(textFields.map(({ name }) => [name, ''])),
      rol: role.options[0],
    },
    resolver: zodResolver(props.schema) as Resolver<Values, unknown, Body>,
    mode: 'onTouched',
  })
  const create = useCreate(props.create, onDone)

  return (
    <CreatePanel
      title={props.title}
      submitLabel={props.submitLabel}
      cancelLabel={props.cancelLabel}
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
      <Field label={role.label} error={formState.errors.rol?.message}>
        {(a11y) => (
          <select {...a11y} {...register('rol')}>
            {role.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        )}
      </Field>
    </CreatePanel>
  )
}
