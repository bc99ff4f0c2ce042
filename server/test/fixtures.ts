import type { CheckoutCustomer } from '../../contract/sales'

/** A valid checkout customer (docs/product.md §3's cus_* fields) for tests that pay or list sales. */
export const customer: CheckoutCustomer = {
  cus_name: 'Ada Lovelace',
  cus_email: 'ada@example.com',
  cus_phone: '555 123 4567',
  cus_address: '12 Analytical Street',
  cus_city: 'London',
  cus_country: 'UK',
  cus_zip: 'N1 9GU',
}

/** The same customer as a row of `sales` has it, for tests that write sales in SQL. */
export const customerColumns = {
  cusName: customer.cus_name,
  cusEmail: customer.cus_email,
  cusPhone: customer.cus_phone,
  cusAddress: customer.cus_address,
  cusCity: customer.cus_city,
  cusCountry: customer.cus_country,
  cusZip: customer.cus_zip,
}
