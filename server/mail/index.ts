export * from './mail'
