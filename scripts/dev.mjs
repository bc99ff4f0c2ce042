// `npm run dev`: the API in watch mode on API_PORT and Vite (which proxies /api to it).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'

// Settings from .env when it exists; the environment wins over it (Node's own parser).
if (existsSync('.env')) process.loadEnvFile('.env')

const apiPort = process.env.API_PORT ?? '3001'
const env = { ...process.env, PORT: apiPort, API_PORT: apiPort }
const children = [
  spawn('npx', ['tsx', 'watch', 'server/index.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', (code) => code && stop())
