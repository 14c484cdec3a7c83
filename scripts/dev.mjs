// `npm run dev`: the API server with reload (tsx watch) on API_PORT and Vite with hot reload, proxying /v1 to it.
import { spawn } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '3000'
const env = { ...process.env, API_PORT: apiPort, NODE_ENV: 'development', PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 5173}` }
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env: { ...env, PORT: apiPort } }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
]
const stop = () => children.forEach((c) => c.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const c of children) c.on('exit', (code) => { stop(); process.exitCode ||= code ?? 0 })
