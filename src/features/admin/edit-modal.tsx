import { zodResolver } from '@hookform/resolvers/zod'
import { type UseMutationOptions, useMutation } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { type FieldValues, type UseFormReturn, useForm } from 'react-hook-form'
import type { z } from 'zod'
import type { MessageResponse } from '../../../contract/rules'
import { Field } from '../../components/field'
import { notify } from '../../lib/toast'
import { ConfirmDialog } from './confirm-dialog'
import { type EditField, editError } from './edit-fields'
import type { EntityKind } from './entity-kind'
import { Modal } from './modal'
import { PhotoField } from './photo-field'

const REQUIRED_NUMBERS = new Set(['price', 'stock'])
const INPUT_MODES = { text: undefined, number: 'decimal', tel: 'numeric' } as const

/** The edit form of a record the generic fields cannot show: its values, and its fields. */
export interface CustomEditForm<T> {
  values: (row: T) => FieldValues
  body: (form: UseFormReturn<FieldValues>) => ReactNode
}

interface EditModalProps<Body> {
  kind: EntityKind
  fields: EditField[]
  values: FieldValues
  body?: ((form: UseFormReturn<FieldValues>) => ReactNode) | undefined
  schema: z.ZodType<NoInfer<Body>, FieldValues>
  update: () => UseMutationOptions<MessageResponse, Error, Body>
  onClose: () => void
}

// docs/product.md §2, the generic edit modal: 'Datos' + kind, a field per attribute, 'Actualizar' after a
// confirmation; the server's message is shown and the lists refresh (the mutation's meta).
export function EditModal<Body>({
  kind,
  fields,
  values,
  schema,
  update: writes,
  body,
  onClose,
}: EditModalProps<Body>) {
  const form = useForm<FieldValues, unknown, Body>({
    defaultValues: values,
    resolver: zodResolver(schema),
    mode: 'onTouched',
  })
  const [pending, setPending] = useState<{ body: Body } | null>(null)
  const update = useMutation({
    ...writes(),
    onSuccess: (response) => {
      notify.success(response.ok)
      onClose()
    },
    onError: () => setPending(null),
  })

  return (
    <Modal title={`Datos ${kind}`} onClose={onClose}>
      <form
        className="admin-form edit-form"
        noValidate
        onSubmit={form.handleSubmit((body) => setPending({ body }))}
      >
        <div className="admin-form-grid">
          {body?.(form as unknown as UseFormReturn<FieldValues>)}
          {fields.map((field) => (
            <Field
              key={field.name}
              label={field.label}
              error={editError(form.formState.errors, field)}
            >
              {(control) =>
                field.kind === 'select' ? (
                  <select {...control} disabled={field.readOnly} {...form.register(field.name)}>
                    {field.options?.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    {...control}
                    type={field.kind}
                    inputMode={INPUT_MODES[field.kind]}
                    step={field.name === 'price' ? '0.01' : undefined}
                    readOnly={field.readOnly}
                    {...form.register(field.name, {
                      // Price and stock cannot be blank: '' would coerce to 0 and pass.
                      setValueAs: (v: unknown) =>
                        v === '' && REQUIRED_NUMBERS.has(field.name) ? Number.NaN : v,
                    })}
                  />
                )
              }
            </Field>
          ))}
          {kind === 'Instrument' && (
            <PhotoField
              onUploaded={(img) =>
                form.setValue('img', img, { shouldDirty: true, shouldValidate: true })
              }
            />
          )}
        </div>
        <div className="admin-actions">
          <button type="submit" className="button button-primary" disabled={update.isPending}>
            Actualizar
          </button>
          <button type="button" className="button" onClick={onClose}>
            Cancelar
          </button>
        </div>
      </form>
      {pending && (
        <ConfirmDialog
          title={`Seguro que deseas actualizar ${kind}`}
          text={`Los datos de este ${kind} serán actualizados.`}
          confirmLabel="Actualizar"
          busy={update.isPending}
          onConfirm={() => update.mutate(pending.body)}
          onCancel={() => setPending(null)}
        />
      )}
    </Modal>
  )
}
