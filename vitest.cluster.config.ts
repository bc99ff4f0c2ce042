import { defineConfig } from 'vitest/config'

// `npm run test:cluster`: several real server processes on one PostgreSQL (TEST_DATABASE_URL).
// Not part of `npm test`, which needs no PostgreSQL.
export default defineConfig({
  test: {
    name: 'cluster',
    environment: 'node',
    include: ['server/test/cluster/**/*.cluster.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
})
