import { TextField } from '../../components/text-field'
import type { CheckoutFormApi } from './checkout-values'

const CUSTOMER_FIELDS = [
  { name: 'cus_name', label: 'Name', autoComplete: 'name', type: 'text' },
  { name: 'cus_email', label: 'Email', autoComplete: 'email', type: 'email' },
  { name: 'cus_phone', label: 'Phone', autoComplete: 'tel', type: 'tel' },
  { name: 'cus_address', label: 'Address (Street)', autoComplete: 'street-address', type: 'text' },
  { name: 'cus_city', label: 'City', autoComplete: 'address-level2', type: 'text' },
  { name: 'cus_country', label: 'Country', autoComplete: 'country-name', type: 'text' },
  { name: 'cus_zip', label: 'Zip', autoComplete: 'postal-code', type: 'text' },
] as const

/** Who pays and where the order goes. */
export function CustomerFields({ form }: { form: CheckoutFormApi }) {
  const { errors } = form.formState
  return (
    <fieldset className="checkout-fieldset">
      <legend>Shipping and contact</legend>
      {CUSTOMER_FIELDS.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          type={field.type}
          autoComplete={field.autoComplete}
          error={errors[field.name]?.message}
          {...form.register(field.name)}
        />
      ))}
    </fieldset>
  )
}
