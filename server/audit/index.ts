export * from './accounts'
export * from './record'
