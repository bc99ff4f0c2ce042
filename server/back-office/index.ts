export * from './admin-lists'
export * from './sale-states'
export * from './sales-over-time'
export * from './sales-summary'
