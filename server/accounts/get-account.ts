import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { accountFor } from './access.js'
import { userView } from './user-view.js'

/** GET /v1/accounts/{id} */
export const getAccount: Handler<'getAccount'> = async (call) => {
  const { user: me } = requireAuth(call)
  const user = await accountFor(call.app.db, call.t, me, call.params.id, 'getAccount')
  return userView(call.app.db, user)
}
