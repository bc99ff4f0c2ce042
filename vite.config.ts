import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [
    // Must come before React: it turns src/routes into the route tree and splits each route's
    // component into its own chunk, so the storefront never downloads the back office.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
  ],
  build: { manifest: true, sourcemap: false, target: 'es2022' },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` },
  },
})
