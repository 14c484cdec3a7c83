import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import path from 'node:path'
import type { S3Config } from '../config.js'

/**
 * Files (logos, avatars, uploaded spreadsheets): one interface, two backends.
 * - local disk under FILES_DIR (default DATA_DIR/files), the default;
 * - an S3-compatible bucket when S3_* is set.
 * Keys are paths of lower-case letters, digits, `-`, `_`, `.` and `/` chosen by the server, never by a
 * client; a stored object keeps its content type.
 *
 * A browser may also upload a file straight to its key through a presigned address (the batch
 * invitation's file): on S3 the bucket's own presigned PUT, whose signature covers the Content-Length
 * and Content-Type headers (S3 refuses a body of another size or type); on the disk an address of this
 * server (PUT /v1/uploads/) whose HMAC signature covers the key, the expiry, the size and the content
 * type, checked by `receiveUpload`. Either way the size is the one the browser declared when the upload
 * started, exactly: not the most any upload may have, which let a declared 2 KB file be 5 MB. The disk's
 * signing key is made once and kept beside the files (several servers on one disk share it).
 */

export interface StoredObject {
  body: Buffer
  contentType: string
}

export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** undefined when there is no such object; of a bigger one on S3, the first MAX_READ_BYTES + 1 bytes (the disk takes none that big). */
  get(key: string): Promise<StoredObject | undefined>
  /** Deleting a missing object is fine. */
  delete(key: string): Promise<void>
  /** An address to PUT the object to, with exactly this content type and size, until `expiresAt`. */
  presignUpload(grant: UploadGrant): Promise<string>
  /** The disk's side of its presigned addresses; undefined on S3 (the bucket receives them). */
  receiveUpload?(signed: SignedUpload, body: Buffer, now: Date): Promise<UploadOutcome>
}

export interface UploadGrant {
  key: string
  contentType: string
  /** The body's size in bytes, exactly (the size the uploader declared; the disk checks it on receipt, S3 by the signature). */
  size: number
  expiresAt: Date
}

/** What a presigned disk address carries, and the Content-Type it was called with. */
export interface SignedUpload {
  key: string
  contentType: string
  /** Unix seconds. */
  expires: number
  size: number
  signature: string
}

export type UploadOutcome = 'stored' | 'bad_signature' | 'expired' | 'wrong_size'

const KEY = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*$/

const checkKey = (key: string): string => {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Not a storage key: ${JSON.stringify(key)}`)
  }
  return key
}

/** A fresh random part for a key: a new upload never overwrites what an old URL points to. */
export const newKeyPart = (): string => randomBytes(9).toString('base64url').toLowerCase().replace(/[^a-z0-9]/g, 'x')

const signingKeyOf = async (dir: string): Promise<Buffer> => {
  const file = path.join(dir, '.upload-signing-key')
  try {
    return await readFile(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  await mkdir(dir, { recursive: true })
  // 'wx': of two servers making it at once, the second reads the first one's
  await writeFile(file, randomBytes(32), { flag: 'wx', mode: 0o600 }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error
  })
  return readFile(file)
}

const signatureOf = (secret: Buffer, { key, contentType, expires, size }: Omit<SignedUpload, 'signature'>): string =>
  createHmac('sha256', secret).update(JSON.stringify([key, contentType.toLowerCase(), expires, size])).digest('base64url')

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * The disk backend. Its presigned upload addresses are relative (`/v1/uploads/?…`): the browser PUTs to
 * the origin its page came from, whatever address the portal was opened at (127.0.0.1, localhost, a
 * proxy's name). PUBLIC_URL names the portal in mails; an upload address built from it was another
 * origin at any other address, and the browser refused it.
 */
export const diskStorage = (dir: string): Storage => {
  const fileOf = (key: string) => path.join(dir, ...checkKey(key).split('/'))
  let secret: Promise<Buffer> | undefined
  const signingKey = () => (secret ??= signingKeyOf(dir))
  return {
    async put(key, body, contentType) {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      // written beside, then renamed: a reader never sees half a file
      const partial = `${file}.${newKeyPart()}.partial`
      await writeFile(partial, body)
      await writeFile(`${file}.type`, contentType)
      await rename(partial, file)
    },
    async get(key) {
      const file = fileOf(key)
      try {
        const [body, contentType] = await Promise.all([readFile(file), readFile(`${file}.type`, 'utf8')])
        return { body, contentType }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },
    async delete(key) {
      const file = fileOf(key)
      await Promise.all([rm(file, { force: true }), rm(`${file}.type`, { force: true })])
    },
    async presignUpload({ key, contentType, size, expiresAt }) {
      const signed = { key: checkKey(key), contentType, expires: Math.floor(expiresAt.getTime() / 1000), size }
      const query = new URLSearchParams({ key, expires: String(signed.expires), size: String(size), signature: signatureOf(await signingKey(), signed) })
      return `/v1/uploads/?${query}`
    },
    async receiveUpload(signed, body, now) {
      if (!KEY.test(signed.key) || !sameText(signed.signature, signatureOf(await signingKey(), signed))) return 'bad_signature'
      if (now.getTime() > signed.expires * 1000) return 'expired'
      if (body.length !== signed.size) return 'wrong_size'
      await this.put(signed.key, body, signed.contentType)
      return 'stored'
    },
  }
}

/**
 * The most of one object a read takes into memory: above every upload's limit (5 MB), so that a reader
 * still sees a bigger object as too big (its first MAX_READ_BYTES + 1 bytes are all it gets). The presigned
 * PUT holds the browser to the declared size, but a bucket that does not check signatures as S3 does (or
 * an object put there otherwise) may hold more: an object of gigabytes was read whole into memory by the
 * preview about to refuse it.
 */
export const MAX_READ_BYTES = 8 * 1024 * 1024

/** A stream's bytes, at most `limit` + 1 of them (the rest is not read: the stream is destroyed). */
const bytesWithin = async (body: AsyncIterable<Uint8Array> & { destroy?: () => void }, limit: number): Promise<Buffer> => {
  const chunks: Buffer[] = []
  let length = 0
  for await (const chunk of body) {
    chunks.push(Buffer.from(chunk))
    length += chunk.length
    if (length > limit) {
      body.destroy?.()
      break
    }
  }
  return Buffer.concat(chunks).subarray(0, limit + 1)
}

export const s3Storage = (config: S3Config): Storage => {
  const client = new S3Client({
    // no checksum of the body in a presigned URL: the SDK's default put the CRC32 of an empty body
    // (x-amz-checksum-crc32=AAAAAA==) in it, which S3 holds the browser's body to
    requestChecksumCalculation: 'WHEN_REQUIRED',
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  })
  const Bucket = config.bucket
  return {
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkKey(key), Body: body, ContentType: contentType }))
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }))
        if (!object.Body) return undefined
        const body = await bytesWithin(object.Body as unknown as AsyncIterable<Uint8Array>, MAX_READ_BYTES)
        return { body, contentType: object.ContentType ?? 'application/octet-stream' }
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined
        throw error
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }))
    },
    async presignUpload({ key, contentType, size, expiresAt }) {
      const expiresIn = Math.max(1, Math.round((expiresAt.getTime() - Date.now()) / 1000))
      const command = new PutObjectCommand({ Bucket, Key: checkKey(key), ContentType: contentType, ContentLength: size })
      // both headers in the signature: S3 answers 403 to a PUT whose Content-Length or Content-Type differs
      return getSignedUrl(client, command, { expiresIn, signableHeaders: new Set(['content-length', 'content-type']) })
    },
  }
}

/** S3 when configured, else the disk. */
export const openStorage = (config: { s3: S3Config | undefined; filesDir: string }): Storage =>
  config.s3 ? s3Storage(config.s3) : diskStorage(config.filesDir)
