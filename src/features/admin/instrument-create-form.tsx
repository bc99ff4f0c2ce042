import { zodResolver } from '@hookform/resolvers/zod'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { type InstrumentCreateBody, instrumentCreateBody } from '../../../contract/catalog'
import { categoryQueries } from '../../api/categories'
import { instrumentMutations } from '../../api/instruments'
import { Field } from '../../components/field'
import { CreatePanel } from './create-panel'
import { PhotoField } from './photo-field'
import { useCreate } from './use-create'

const empty = {
  name: '',
  brand: '',
  category: '',
  price: '',
  stock: '',
  status: '',
  img: '',
  description: '',
}

// A blank number input would coerce to 0 and pass; NaN fails as 'Required'.
const blankIsMissing = { setValueAs: (v: unknown) => (v === '' ? Number.NaN : v) }

export function InstrumentCreateForm({ onDone }: { onDone: () => void }) {
  const { data: categories } = useSuspenseQuery(categoryQueries.list())
  const { register, handleSubmit, watch, formState, setValue } = useForm({
    // The selects start on '' so nothing is chosen for the admin by accident.
    defaultValues: empty as unknown as InstrumentCreateBody,
    resolver: zodResolver(instrumentCreateBody),
    mode: 'onTouched',
  })
  const create = useCreate(instrumentMutations.create(), onDone)
  const values = watch() as unknown as Record<keyof typeof empty, unknown>
  const errors = formState.errors
  const missing = (name: keyof typeof empty) => {
    const value: unknown = values[name]
    return Number.isNaN(value) || String(value ?? '').trim() === ''
  }
  const error = (name: keyof typeof empty) => errors[name]?.message

  return (
    <CreatePanel
      title="Product creation form"
      note="(*) Inputs required"
      submitLabel="Aceptar"
      cancelLabel="Cancelar"
      onCancel={onDone}
      submitDisabled={Object.keys(errors).length > 0 || formState.isSubmitting || create.isPending}
      onSubmit={handleSubmit((body) =>
        // The select holds the id as text; the server reads a number as an id, never a name.
        create.submit({ ...body, category: Number(body.category) || body.category }),
      )}
    >
      <Field label="name" missing={missing('name')} error={error('name')}>
        {(a11y) => <input {...a11y} {...register('name')} />}
      </Field>
      <Field label="brand" missing={missing('brand')} error={error('brand')}>
        {(a11y) => <input {...a11y} {...register('brand')} />}
      </Field>
      <Field label="category" missing={missing('category')} error={error('category')}>
        {(a11y) => (
          <select {...a11y} {...register('category')}>
            <option value="">Choose a category</option>
            {categories.map((category) => (
              <option key={category.id} value={String(category.id)}>
                {category.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="price" missing={missing('price')} error={error('price')}>
        {(a11y) => (
          <input
            {...a11y}
            type="number"
            min="0"
            step="0.01"
            inputMode="decimal"
            {...register('price', blankIsMissing)}
          />
        )}
      </Field>
      <Field label="stock" missing={missing('stock')} error={error('stock')}>
        {(a11y) => (
          <input
            {...a11y}
            type="number"
            min="0"
            step="1"
            inputMode="numeric"
            {...register('stock', blankIsMissing)}
          />
        )}
      </Field>
      <Field
        label="lowStockThreshold"
        hint="Blank: the shop's default"
        error={errors.lowStockThreshold?.message}
      >
        {(a11y) => (
          <input
            {...a11y}
            type="number"
            min="0"
            step="1"
            inputMode="numeric"
            {...register('lowStockThreshold')}
          />
        )}
      </Field>
      <Field label="status" missing={missing('status')} error={error('status')}>
        {(a11y) => (
          <select {...a11y} {...register('status')}>
            <option value="">Choose a status</option>
            <option value="New">New</option>
            <option value="Used">Used</option>
          </select>
        )}
      </Field>
      <Field label="img (image URL)" missing={missing('img')} error={error('img')}>
        {(a11y) => <input {...a11y} type="url" {...register('img')} />}
      </Field>
      <PhotoField onUploaded={(img) => setValue('img', img, { shouldValidate: true })} />
      <Field label="description" missing={missing('description')} error={error('description')}>
        {(a11y) => <textarea {...a11y} rows={3} {...register('description')} />}
      </Field>
    </CreatePanel>
  )
}
