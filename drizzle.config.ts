import { defineConfig } from 'drizzle-kit'

// Migrations are generated once from the schema and applied by the server at start,
// to PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
})
