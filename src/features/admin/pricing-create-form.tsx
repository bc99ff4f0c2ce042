import { zodResolver } from '@hookform/resolvers/zod'
import type { UseMutationOptions } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form'
import type { z } from 'zod'
import type { MessageResponse } from '../../../contract/rules'
import { CreatePanel } from './create-panel'
import type { PricingForm } from './pricing-form-parts'
import { useCreate } from './use-create'

/** Create for a zone or a code: the same panel as the other tabs, with the record's own fields. */
export function PricingCreateForm<Body>({
  title,
  schema,
  defaults,
  create,
  fields,
  onDone,
}: {
  title: string
  schema: z.ZodType<Body, FieldValues>
  defaults: DefaultValues<FieldValues>
  create: UseMutationOptions<MessageResponse, Error, Body>
  fields: (form: PricingForm) => ReactNode
  onDone: () => void
}) {
  const form = useForm<FieldValues, unknown, Body>({
    defaultValues: defaults,
    resolver: zodResolver(schema),
    mode: 'onTouched',
  })
  const created = useCreate(create, onDone)
  return (
    <CreatePanel
      title={title}
      submitLabel="Create"
      cancelLabel="Cancel"
      onCancel={onDone}
      submitDisabled={form.formState.isSubmitting || created.isPending}
      onSubmit={form.handleSubmit(created.submit)}
    >
      {fields(form as unknown as PricingForm)}
    </CreatePanel>
  )
}
