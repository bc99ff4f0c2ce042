import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { type FieldValues, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { notify } from '../../lib/toast'
import { updateEntity } from './admin-mutations'
import { ConfirmDialog } from './confirm-dialog'
import { type EditField, editErrorLines } from './edit-fields'
import type { EntityKind } from './entity-kind'
import { FormField } from './form-field'
import { Modal } from './modal'

const REQUIRED_NUMBERS = new Set(['price', 'stock'])

interface EditModalProps {
  kind: EntityKind
  fields: EditField[]
  values: Record<string, string>
  /** The contract's update body for the kind: the server checks the same schema. */
  schema: z.ZodType<unknown, FieldValues>
  onClose: () => void
}

/**
 * Spec 2, the generic edit modal: 'Datos' + kind, a field per attribute, 'Actualizar' after a
 * confirmation; the server's message is shown and the lists refresh (the mutation's meta).
 */
export function EditModal({ kind, fields, values, schema, onClose }: EditModalProps) {
  const form = useForm<FieldValues, unknown, unknown>({
    defaultValues: values,
    resolver: zodResolver(schema),
    mode: 'onTouched',
  })
  const [pending, setPending] = useState<{ body: unknown } | null>(null)
  const update = useMutation({
    ...updateEntity(kind),
    onSuccess: (response) => {
      notify.success(response.ok)
      onClose()
    },
    onError: (error) => {
      setPending(null)
      notify.error(error.message)
    },
  })
  const errorLines = editErrorLines(form.formState.errors, fields)

  return (
    <Modal title={`Datos ${kind}`} onClose={onClose}>
      <form
        className="admin-form edit-form"
        noValidate
        onSubmit={form.handleSubmit((body) => setPending({ body }))}
      >
        <div className="admin-form-grid">
          {fields.map((field) => (
            <FormField key={field.name} label={field.label}>
              {(a11y) =>
                field.kind === 'select' ? (
                  <select {...a11y} disabled={field.readOnly} {...form.register(field.name)}>
                    {field.options?.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    {...a11y}
                    aria-invalid={Boolean(form.formState.errors[field.name])}
                    type={field.kind === 'number' ? 'number' : 'text'}
                    inputMode={field.kind === 'number' ? 'decimal' : undefined}
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
            </FormField>
          ))}
        </div>
        {errorLines.length > 0 && (
          <ul className="edit-errors" role="alert">
            {errorLines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
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
