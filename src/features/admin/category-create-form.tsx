import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { categoryCreateBody } from '../../../contract/catalog'
import { categoryMutations } from '../../api/categories'
import { Field } from '../../components/field'
import { CreatePanel } from './create-panel'
import { useCreate } from './use-create'

export function CategoryCreateForm({ onDone }: { onDone: () => void }) {
  const { register, handleSubmit, formState } = useForm({
    defaultValues: { name: '' },
    resolver: zodResolver(categoryCreateBody),
    mode: 'onTouched',
  })
  const create = useCreate(categoryMutations.create(), onDone)

  return (
    <CreatePanel
      title="Registrar una nueva Category"
      submitLabel="Aceptar"
      cancelLabel="Cancelar"
      onCancel={onDone}
      submitDisabled={formState.isSubmitting || create.isPending}
      onSubmit={handleSubmit(create.submit)}
    >
      <Field label="name" error={formState.errors.name?.message}>
        {(a11y) => <input {...a11y} {...register('name')} />}
      </Field>
    </CreatePanel>
  )
}
