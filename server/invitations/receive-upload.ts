import type { Handler } from '../contract/handler.js'
import { detailError, forbidden, notFound } from '../http/errors.js'

/**
 * PUT /v1/uploads/ — the disk's side of a presigned upload address (services/storage.ts): no session,
 * the signature is the authority. With files on S3 the browser uploads to the bucket and this is 404.
 * The body must be the size declared when the upload started, exactly (as S3 holds it to the signed
 * Content-Length).
 */
export const receiveUpload: Handler<'receiveUpload'> = async ({ app, t, query, request }) => {
  if (!app.storage.receiveUpload) throw notFound(t.api.notFound())
  const contentType = String(request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
  const body = request.body as Buffer
  const outcome = await app.storage.receiveUpload({ ...query, contentType }, body, app.clock())
  switch (outcome) {
    case 'stored':
      return
    case 'bad_signature':
      throw forbidden(t.api.forbidden())
    case 'expired':
      throw forbidden(t.invitationImport.uploadExpired())
    case 'wrong_size':
      throw detailError(400, t.api.uploadSizeMismatch({ size: query.size }), 'wrong_size')
  }
}
