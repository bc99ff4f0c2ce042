import { useFieldArray } from 'react-hook-form'
import { z } from 'zod'
import {
  MAX_METHODS,
  type ShippingZone,
  shippingMethodBody,
  shippingZoneBody,
} from '../../../contract/pricing'
import { idField } from '../../../contract/rules'
import { CheckField, countryList, errorAt, type PricingForm, TextField } from './pricing-form-parts'

// A shipping zone's form, for Create and for the edit modal: its countries, whether it covers
// every other country, and its methods, each a row the admin adds or removes.

// useFieldArray keys its rows by `id`: a method's own id travels as `methodId` in the form.
const methodRow = shippingMethodBody
  .extend({ methodId: z.number().optional() })
  .transform(({ methodId, ...method }) => ({
    ...method,
    ...(methodId !== undefined && { id: methodId }),
  }))

export const zoneForm = shippingZoneBody.extend({
  countries: countryList.pipe(shippingZoneBody.shape.countries.unwrap()),
  methods: z
    .array(methodRow)
    .min(1, 'a zone needs at least one method')
    .max(MAX_METHODS, `at most ${MAX_METHODS}`),
})
export const zoneEditForm = zoneForm.extend({ id: idField })

const NEW_METHOD = { name: '', price: '', freeOver: '', days: '' }

export const EMPTY_ZONE = {
  name: '',
  countries: '',
  coversRest: false,
  active: true,
  methods: [NEW_METHOD],
}

export const zoneValues = (zone: ShippingZone) => ({
  id: zone.id,
  name: zone.name,
  countries: zone.countries.join(', '),
  coversRest: zone.coversRest,
  active: zone.active,
  methods: zone.methods.map((method) => ({
    // The method's id keeps it (and its sales' link to it) across an edit.
    methodId: method.id,
    name: method.name,
    price: String(method.price),
    freeOver: method.freeOver === null ? '' : String(method.freeOver),
    days: method.days === null ? '' : String(method.days),
  })),
})

export function ZoneFields({ form }: { form: PricingForm }) {
  const methods = useFieldArray({ control: form.control, name: 'methods' })
  return (
    <>
      <TextField form={form} path="name" label="Name" />
      <TextField form={form} path="countries" label="Countries (comma-separated)" />
      <CheckField form={form} path="coversRest" label="Every other country" />
      <CheckField form={form} path="active" label="Active" />
      <fieldset className="admin-rows">
        <legend>Methods</legend>
        {methods.fields.map((method, index) => (
          <div key={method.id} className="admin-row-fields">
            <TextField
              form={form}
              path={`methods.${index}.name`}
              label={`Method ${index + 1} name`}
            />
            <TextField form={form} path={`methods.${index}.price`} label="Price" type="number" />
            <TextField
              form={form}
              path={`methods.${index}.freeOver`}
              label="Free over"
              type="number"
            />
            <TextField form={form} path={`methods.${index}.days`} label="Days" type="number" />
            <button
              type="button"
              className="button"
              disabled={methods.fields.length === 1}
              onClick={() => methods.remove(index)}
            >
              Remove method {index + 1}
            </button>
          </div>
        ))}
        {(errorAt(form, 'methods.root') ?? errorAt(form, 'methods')) ? (
          <p className="field-error">{errorAt(form, 'methods.root') ?? errorAt(form, 'methods')}</p>
        ) : null}
        <button type="button" className="button" onClick={() => methods.append(NEW_METHOD)}>
          Add a method
        </button>
      </fieldset>
    </>
  )
}
