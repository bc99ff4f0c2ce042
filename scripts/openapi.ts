// `npm run openapi`: writes the API description for the client side (server/openapi/generated.ts).
import { writeFileSync } from 'node:fs'
import { generatedFiles } from '../server/openapi/generated'

for (const [path, text] of Object.entries(await generatedFiles())) {
  writeFileSync(path, text)
  console.log(`wrote ${path}`)
}
