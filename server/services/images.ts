import type { FastifyReply } from 'fastify'
import type { Translator } from '../../locales/server.js'
import type { AppContext } from '../context.js'
import { detailError, notFound } from '../http/errors.js'
import { newKeyPart } from './storage.js'

/**
 * Uploaded images (an organization's logo, a profile photo): jpeg, png or gif by their bytes, whatever
 * the upload claimed; served to anyone who has the address, typed by their content and never run as a page.
 */

const SIGNATURES: Array<[type: string, bytes: number[]]> = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]], // GIF87a
  ['image/gif', [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]], // GIF89a
]

/** The image type of these bytes by their signature, whatever the upload claimed. */
export const imageTypeOf = (bytes: Buffer): string | undefined =>
  SIGNATURES.find(([, signature]) => signature.every((byte, index) => bytes[index] === byte))?.[0]

/** Keeps the image under `<keyPrefix><random>` and answers that key; 415 'File type is not allowed' for anything else. */
export const storeImage = async (app: AppContext, t: Translator, bytes: Buffer, keyPrefix: string): Promise<string> => {
  const type = imageTypeOf(bytes)
  if (!type) throw detailError(415, t.validation.fileTypeNotAllowed(), 'file_type')
  const key = `${keyPrefix}${newKeyPart()}`
  await app.storage.put(key, bytes, type)
  return key
}

/** Sends the stored image `key` (404 when it is gone or not an image). */
export const sendImage = async (app: AppContext, t: Translator, reply: FastifyReply, key: string): Promise<void> => {
  const stored = await app.storage.get(key)
  const type = stored && imageTypeOf(stored.body)
  if (!stored || !type) throw notFound(t.api.notFound())
  await reply
    .type(type)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', 'inline')
    .send(stored.body)
}
