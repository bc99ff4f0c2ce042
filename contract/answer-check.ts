import { Ajv2020 } from 'ajv/dist/2020'
import document from './openapi.json'

// Checks an answer against contract/openapi.json (declared status, body matching its schema);
// tests use it so a mock cannot answer what the server never would.
const ajv = new Ajv2020({ strict: false, allErrors: false })
ajv.addSchema(document, 'api')

type Operation = { responses: Record<string, { content?: object }> }
const paths = document.paths as Record<string, Record<string, Operation>>

// Fixed paths first: /api/users/resetpass is itself, not /api/users/{id}.
const templates = Object.keys(paths)
  .sort((a, b) => Number(a.includes('{')) - Number(b.includes('{')))
  .map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`),
  }))

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')

export function answerProblem(method: string, url: string, status: number, body: unknown) {
  const path = new URL(url, 'http://localhost').pathname
  const verb = method.toLowerCase()
  const found = templates.find((t) => t.pattern.test(path) && paths[t.template]?.[verb])
  const operation = found && paths[found.template]?.[verb]
  if (!found || !operation) return `${method} ${path} is not in the API description`
  const { responses } = operation
  const declared = responses[String(status)]
  if (!declared)
    return `${method} ${path} never answers ${status} (it answers ${Object.keys(responses).join(', ')})`
  if (!declared.content || !('application/json' in declared.content)) return null
  const validate = ajv.getSchema(
    `api#/${pointer('paths', found.template, verb, 'responses', String(status), 'content', 'application/json', 'schema')}`,
  )
  if (!validate || validate(body)) return null
  const error = validate.errors?.[0]
  return `${method} ${path} ${status}: ${error?.instancePath || 'body'} ${error?.message} (${JSON.stringify(error?.params)})`
}
