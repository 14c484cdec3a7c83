import type { Handler } from '../contract/handler.js'
import { detailError, forbidden, notFound } from '../http/errors.js'
import { MAX_BATCH_BYTES } from './batch.js'

/**
 * PUT /v1/uploads/ — the disk's side of a presigned upload address (services/storage.ts): no session,
 * the signature is the authority. With files on S3 the browser uploads to the bucket and this is 404.
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
    case 'too_large':
      throw detailError(413, t.invitationImport.fileTooLarge({ max: MAX_BATCH_BYTES / 1024 }), 'too_large')
  }
}
