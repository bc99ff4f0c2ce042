import { Ajv2020 } from 'ajv/dist/2020'
import type { OpenAPIV3_1 } from 'openapi-types'

export interface Answer {
  status: number
  contentType: string
  text: string
}

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')

/**
 * Checks an answer against the description it was generated from (the served one, so a route
 * added by someone else is checked the day it appears): a status the operation lists, never a
 * 5xx it does not list (500 is listed everywhere, so it is refused here by name), and a body of
 * the documented type that validates against the documented schema. Null when all is well.
 */
export function answerChecker(document: OpenAPIV3_1.Document) {
  const ajv = new Ajv2020({ strict: false, allErrors: false })
  ajv.addSchema(document, 'api')
  return (method: string, path: string, answer: Answer): string | null => {
    const verb = method.toLowerCase()
    const operation = document.paths?.[path]?.[verb as 'get'] as OpenAPIV3_1.OperationObject
    if (answer.status === 500) return `answered 500: ${answer.text.slice(0, 200)}`
    const declared = operation?.responses?.[String(answer.status)] as
      | OpenAPIV3_1.ResponseObject
      | undefined
    if (!declared) {
      const listed = Object.keys(operation?.responses ?? {}).join(', ')
      return `answered ${answer.status}, not in the description (${listed}): ${answer.text.slice(0, 200)}`
    }
    const documented = Object.keys(declared.content ?? {})
    if (documented.length === 0) return null
    const type = answer.contentType.split(';')[0]?.trim() ?? ''
    if (!documented.includes(type)) {
      return `answered ${answer.status} as '${type}', described as ${documented.join(', ')}`
    }
    if (type !== 'application/json') return null
    let body: unknown
    try {
      body = JSON.parse(answer.text)
    } catch {
      return `answered ${answer.status} with a body that is not JSON: ${answer.text.slice(0, 200)}`
    }
    const ref = pointer('paths', path, verb, 'responses', String(answer.status))
    const validate = ajv.getSchema(`api#/${ref}/content/application~1json/schema`)
    if (!validate || validate(body)) return null
    const error = validate.errors?.[0]
    return `answered ${answer.status}: ${error?.instancePath || 'body'} ${error?.message} (${JSON.stringify(error?.params)})`
  }
}
