// drizzle-kit and the database client read every table from this one module.
export * from './accounts'
export * from './catalog'
export * from './cluster'
export * from './mail'
export * from './sales'
export * from './throttles'
