import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { type DiscountCode, discountCodeBody } from '../../../contract/pricing'
import { idField } from '../../../contract/rules'
import { categoryQueries } from '../../api/categories'
import { Field } from '../../components/field'
import { CheckField, errorAt, type PricingForm, TextField } from './pricing-form-parts'

// A discount code's form, for Create and for the edit modal. Its days are whole days: the server
// reads a bare date as that day's start.

export const discountEditForm = discountCodeBody.and(z.object({ id: idField }))

export const EMPTY_CODE = {
  code: '',
  kind: 'percent',
  value: '',
  minSubtotal: '',
  categoryIds: [],
  startsAt: '',
  endsAt: '',
  maxUses: '',
  maxUsesPerShopper: '',
  active: true,
}

const blankOr = (value: number | string | null) => (value === null ? '' : String(value))

export const codeValues = (code: DiscountCode) => ({
  id: code.id,
  code: code.code,
  kind: code.kind,
  value: String(code.value),
  minSubtotal: blankOr(code.minSubtotal),
  categoryIds: code.categoryIds.map(String),
  startsAt: code.startsAt?.slice(0, 10) ?? '',
  endsAt: code.endsAt?.slice(0, 10) ?? '',
  maxUses: blankOr(code.maxUses),
  maxUsesPerShopper: blankOr(code.maxUsesPerShopper),
  active: code.active,
})

export function DiscountFields({ form }: { form: PricingForm }) {
  const categories = useQuery(categoryQueries.list()).data ?? []
  return (
    <>
      <TextField form={form} path="code" label="Code" />
      <Field label="Kind" error={errorAt(form, 'kind')}>
        {(control) => (
          <select {...control} {...form.register('kind')}>
            <option value="percent">Percent off</option>
            <option value="amount">Amount off</option>
          </select>
        )}
      </Field>
      <TextField form={form} path="value" label="Value" type="number" />
      <TextField form={form} path="minSubtotal" label="Minimum subtotal" type="number" />
      <Field
        label="Categories"
        hint="None chosen: the whole cart"
        error={errorAt(form, 'categoryIds')}
      >
        {(control) => (
          <select {...control} multiple {...form.register('categoryIds')}>
            {categories.map((category) => (
              <option key={category.id} value={String(category.id)}>
                {category.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField form={form} path="startsAt" label="Starts" type="date" />
      <TextField form={form} path="endsAt" label="Ends" type="date" />
      <TextField form={form} path="maxUses" label="Max uses" type="number" />
      <TextField form={form} path="maxUsesPerShopper" label="Max uses per shopper" type="number" />
      <CheckField form={form} path="active" label="Active" />
    </>
  )
}
