// The pricing room: what an order costs (lines, discount, shipping, tax, total, in whole cents)
// and the shop's shipping zones, tax rates and discount codes. Answers are in the shop's words,
// never HTTP statuses; the rule itself is contract/pricing-rule.ts.

export { giveBackCodeUse, holdCodeUse, keepCodeUse } from './code-uses'
export { createCode, deleteCode, listCodes, updateCode } from './codes'
export {
  type OrderLinePrice,
  type OrderPrice,
  type PriceRefusal,
  type PriceRequest,
  type Pricing,
  priceOrder,
} from './price-order'
export { type PricingRefusal, PricingRefused } from './refusal'
export { pricesIncludeTax, saveTaxSettings, taxSettingsOf } from './tax'
export { createZone, deleteZone, listZones, updateZone } from './zones'
