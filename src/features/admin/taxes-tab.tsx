import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { useFieldArray, useForm } from 'react-hook-form'
import { type TaxSettings, type TaxSettingsBody, taxSettings } from '../../../contract/pricing'
import { taxMutations, taxQueries } from '../../api/pricing'
import { notify } from '../../lib/toast'
import { CheckField, errorAt, type PricingForm, TextField } from './pricing-form-parts'

// The shop's tax is one setting, not a list of records: one form, saved whole.

const NEW_RATE = { country: '', rate: '' }

const formValues = (settings: TaxSettings) => ({
  pricesIncludeTax: settings.pricesIncludeTax,
  rates: settings.rates.map((rate) => ({ country: rate.country, rate: String(rate.rate) })),
})

export function TaxesTab() {
  const { data: settings } = useSuspenseQuery(taxQueries.settings())
  const form = useForm<TaxSettingsBody, unknown, TaxSettings>({
    defaultValues: formValues(settings),
    resolver: zodResolver(taxSettings),
    mode: 'onTouched',
  })
  const rates = useFieldArray({ control: form.control, name: 'rates' })
  const save = useMutation({
    ...taxMutations.save(),
    onSuccess: (response) => notify.success(response.ok),
  })
  const fields = form as unknown as PricingForm

  return (
    <form
      className="admin-form admin-create"
      aria-label="Tax settings"
      noValidate
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
    >
      <CheckField form={fields} path="pricesIncludeTax" label="Prices include tax" role="switch" />
      <fieldset className="admin-rows">
        <legend>Rates per country</legend>
        {rates.fields.length === 0 && (
          <p className="admin-note">No rates: the shop charges no tax.</p>
        )}
        {rates.fields.map((rate, index) => (
          <div key={rate.id} className="admin-row-fields">
            <TextField
              form={fields}
              path={`rates.${index}.country`}
              label={`Country ${index + 1}`}
            />
            <TextField form={fields} path={`rates.${index}.rate`} label="Rate (%)" type="number" />
            <button type="button" className="button" onClick={() => rates.remove(index)}>
              Remove rate {index + 1}
            </button>
          </div>
        ))}
        {errorAt(fields, 'rates') && <p className="field-error">{errorAt(fields, 'rates')}</p>}
        <button type="button" className="button" onClick={() => rates.append(NEW_RATE)}>
          Add a rate
        </button>
      </fieldset>
      <div className="admin-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          Save
        </button>
      </div>
    </form>
  )
}
