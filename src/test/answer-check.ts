import { answerProblem } from '../../contract/answer-check'
import { server } from './server'

/**
 * Every answer a component test's MSW handler gives is checked against the API description
 * (contract/openapi.json): a status the operation never answers or a body of another shape is
 * reported, and setup.ts fails the test with it. A mock cannot promise what the server never does.
 */
const mockProblems: string[] = []
let allowedInThisTest = false

/**
 * For a test of the app's fallback for an answer the server never gives (docs/product.md §2: 'unknown' for an
 * empty role): its mocks are not checked.
 */
export function allowUndescribedAnswers() {
  allowedInThisTest = true
}

/** The problems of the test that just ran (none when it allowed them), and a clean slate. */
export function takeMockProblems() {
  const problems = mockProblems.splice(0)
  const allowed = allowedInThisTest
  allowedInThisTest = false
  return allowed ? [] : problems
}

server.events.on('response:mocked', async ({ request, response }) => {
  const type = response.headers.get('content-type') ?? ''
  const body = type.includes('json') ? await response.clone().json() : undefined
  const problem = answerProblem(request.method, request.url, response.status, body)
  if (problem) mockProblems.push(problem)
})
