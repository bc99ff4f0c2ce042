/** Settings shared by playwright.config.ts and the journeys. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3999)
export const ADMIN_PASSWORD = 'admin12345'
