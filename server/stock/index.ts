export * from './stock-alerts'
export * from './stock-digest'
export * from './stock-levels'
