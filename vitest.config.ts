import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

// Two projects: the API on Node against a fresh database, the SPA in jsdom with MSW.
export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default leaves one core of two idle; the files spend much of their time waiting on
    // the embedded database and jsdom's start, so two share the machine well.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
    ],
  },
})
