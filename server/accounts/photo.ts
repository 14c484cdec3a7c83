import { eq } from 'drizzle-orm'
import { requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { users } from '../db/schema.js'
import { notFound } from '../http/errors.js'
import { sendImage, storeImage } from '../services/images.js'
import { accountFor } from './access.js'
import { findUserById } from './queries.js'
import { userView } from './user-view.js'

/** One's profile photo: uploaded on the profile (cropped square by the browser), served to anyone who has its address. */

/** PUT /v1/accounts/{id}/photo/ */
export const uploadAccountPhoto: Handler<'uploadAccountPhoto'> = async (call) => {
  const { params, app, t, request } = call
  const { user: me } = requireAuth(call)
  const user = await accountFor(app.db, t, me, params.id, 'uploadAccountPhoto')
  const key = await storeImage(app, t, request.body as Buffer, `accounts/${user.id}/photo-`)
  const [saved] = await app.db.update(users).set({ photoKey: key }).where(eq(users.id, user.id)).returning()
  if (!saved) {
    // the account was deleted meanwhile: its new file goes too
    await app.storage.delete(key)
    throw notFound(t.api.notFound())
  }
  if (user.photoKey) await app.storage.delete(user.photoKey)
  return userView(app.db, saved)
}

/** DELETE /v1/accounts/{id}/photo/ */
export const removeAccountPhoto: Handler<'removeAccountPhoto'> = async (call) => {
  const { params, app, t } = call
  const { user: me } = requireAuth(call)
  const user = await accountFor(app.db, t, me, params.id, 'removeAccountPhoto')
  const [saved] = await app.db.update(users).set({ photoKey: null }).where(eq(users.id, user.id)).returning()
  if (!saved) throw notFound(t.api.notFound())
  if (user.photoKey) await app.storage.delete(user.photoKey)
  return userView(app.db, saved)
}

/** GET /v1/accounts/{id}/photo/{version} — the bytes, typed by their content, never run as a page. */
export const getAccountPhoto: Handler<'getAccountPhoto'> = async ({ params, app, t, reply }) => {
  const user = await findUserById(app.db, params.id)
  if (!user?.photoKey || user.photoKey !== `accounts/${user.id}/photo-${params.version}`) throw notFound(t.api.notFound())
  await sendImage(app, t, reply, user.photoKey)
}
