export * from './moves'
export * from './order-mails'
export * from './order-view'
export * from './sale-view'
