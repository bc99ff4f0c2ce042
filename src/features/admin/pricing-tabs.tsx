// The pricing tabs' one lazy chunk (admin-page.tsx): what a shop's shipping, tax and codes are.
export { DiscountsTab } from './discounts-tab'
export { ShippingTab } from './shipping-tab'
export { TaxesTab } from './taxes-tab'
