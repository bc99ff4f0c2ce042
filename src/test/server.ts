import { setupServer } from 'msw/node'

/**
 * MSW as a small backend for component tests. Each test adds its handlers with
 * `server.use(http.get('/api/...', ...))`; a request nobody handles fails the test.
 */
export const server = setupServer()
