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
