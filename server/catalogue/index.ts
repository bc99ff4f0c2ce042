export * from './catalogue'
export * from './names'
export * from './search'
export * from './visibility'
