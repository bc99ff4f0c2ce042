import { html } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import type { OpenAPIV3_1 } from 'openapi-types'

type Operation = OpenAPIV3_1.OperationObject

// The description as one plain page: no script and no inline style, so it works offline and under
// the shop's Content-Security-Policy. `hono/html` escapes every interpolated value.
export function docsPage(document: OpenAPIV3_1.Document) {
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    (['get', 'post', 'put', 'delete'] as const).flatMap((method) => {
      const operation = item?.[method]
      return operation ? [{ method: method.toUpperCase(), path, operation }] : []
    }),
  )
  const tags = [...new Set(operations.map((o) => o.operation.tags?.[0] ?? 'api'))]
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${document.info.title}</title>
  </head>
  <body>
    <main>
      <h1>${document.info.title} ${document.info.version}</h1>
      <p>${document.info.description}</p>
      <p>Machine-readable: <a href="openapi.json">openapi.json</a> (OpenAPI ${document.openapi}).</p>
      <nav aria-label="Resources">
        <ul>
          ${tags.map((tag) => html`<li><a href="#${tag}">${tag}</a></li>`)}
        </ul>
      </nav>
      ${tags.map(
        (tag) => html`<section id="${tag}">
          <h2>${tag}</h2>
          ${operations
            .filter((o) => (o.operation.tags?.[0] ?? 'api') === tag)
            .map((o) => operationSection(o.method, o.path, o.operation))}
        </section>`,
      )}
    </main>
  </body>
</html>`
}

function operationSection(method: string, path: string, operation: Operation) {
  const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined
  const parameters = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[]
  return html`<article>
    <h3><code>${method} ${path}</code></h3>
    <p>${operation.summary}</p>
    <p>${who(operation.security)}</p>
    ${
      parameters.length > 0
        ? html`<p>Parameters: ${parameters.map((p) => html`<code>${p.name}</code> (${p.in}) `)}</p>`
        : ''
    }
    ${body ? schemaDetails('Request body', body.content?.['application/json']?.schema) : ''}
    <ul>
      ${Object.entries(operation.responses ?? {}).map(([status, answer]) => responseItem(status, answer))}
    </ul>
  </article>`
}

function who(security: Operation['security']): string {
  if (!security) return 'Anyone may call it.'
  return security.some((s) => Object.keys(s).length === 0)
    ? 'Anyone; a bearer token shows more.'
    : 'Needs a bearer token.'
}

function responseItem(
  status: string,
  answer: unknown,
): HtmlEscapedString | Promise<HtmlEscapedString> {
  const response = answer as OpenAPIV3_1.ResponseObject
  const schema = response.content?.['application/json']?.schema
  const isError = (schema as { $ref?: string } | undefined)?.$ref === '#/components/schemas/Error'
  return html`<li>
    <strong>${status}</strong> ${response.description}${isError ? html` <code>{ error }</code>` : ''}
    ${schema && !isError ? schemaDetails('Answer', schema) : ''}
  </li>`
}

const schemaDetails = (label: string, schema: unknown) =>
  html`<details><summary>${label}</summary><pre>${JSON.stringify(schema, null, 2)}</pre></details>`
