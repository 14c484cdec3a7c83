import { requireAuth } from '../auth/authenticate.js'
import { revokeSession } from '../auth/sessions.js'
import type { Handler } from '../contract/handler.js'

/** POST /v1/accounts/logout/ — ends the calling session. */
export const logout: Handler<'logout'> = async (call) => {
  const { sessionId } = requireAuth(call)
  await revokeSession(call.app.db, sessionId, call.app.clock())
}
