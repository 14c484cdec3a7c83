import type { Handler } from './contract/handler.js'

/** GET /v1/health — the process is up and answering. */
export const health: Handler<'health'> = async () => ({ status: 'ok' })
