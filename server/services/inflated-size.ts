import { createInflateRaw } from 'node:zlib'

/**
 * Whether a zip unpacks to at most `limit` bytes, counted by really inflating it (a zip bomb declares
 * small sizes in its headers and inflates to gigabytes, so the declared sizes are never trusted).
 *
 * The walk follows the zip the way exceljs's streaming reader (unzipper's Parse) does, so that what is
 * counted here is what that reader would inflate: the local file headers one after the other from the
 * start; for each, its compressed size (from the Zip64 extra field when the header says 0xFFFFFFFF), or,
 * when it defers its sizes to a data descriptor, its data up to the descriptor's signature; every method
 * but "stored" is inflated as raw deflate. The walk ends at the first record that is not a local file
 * header (the central directory), as that reader stops inflating there.
 *
 * Inflating streams in small chunks that are counted and dropped, so the check holds at most a chunk of
 * the content, and it stops as soon as the running total passes the limit.
 */

export type InflatedSize = 'within' | 'over' | 'unreadable'

const LOCAL_FILE_HEADER = 0x04034b50
const DATA_DESCRIPTOR = Buffer.from([0x50, 0x4b, 0x07, 0x08])
/** The header of a Chrome extension, which that reader skips and then reads the zip after it: never an xlsx. */
const CRX_HEADER = 0x34327243
const ZIP64_EXTRA = 0x0001

/** The bytes a raw deflate stream inflates to, or Infinity past `budget`, or NaN when it is broken. */
const inflatedLength = (data: Uint8Array, budget: number): Promise<number> =>
  new Promise((resolve) => {
    const inflater = createInflateRaw()
    let length = 0
    inflater.on('data', (chunk: Buffer) => {
      length += chunk.length
      if (length > budget) {
        inflater.destroy()
        resolve(Infinity)
      }
    })
    inflater.on('end', () => resolve(length))
    inflater.on('error', () => resolve(Number.NaN))
    inflater.end(data)
  })

/** The compressed size a Zip64 extra field gives, as that reader takes it (undefined without one). */
const zip64CompressedSize = (extra: Buffer): number | undefined => {
  for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2)) {
    if (extra.readUInt16LE(at) === ZIP64_EXTRA) return at + 20 <= extra.length ? Number(extra.readBigUInt64LE(at + 12)) : undefined
  }
  return undefined
}

export const inflatedSizeWithin = async (bytes: Uint8Array, limit: number): Promise<InflatedSize> => {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let total = 0
  let at = 0
  while (at + 30 <= zip.length && zip.readUInt32LE(at) === LOCAL_FILE_HEADER) {
    const flags = zip.readUInt16LE(at + 6)
    const method = zip.readUInt16LE(at + 8)
    const extraAt = at + 30 + zip.readUInt16LE(at + 26)
    const dataAt = extraAt + zip.readUInt16LE(at + 28)
    if (dataAt > zip.length) return 'unreadable'
    let compressed: number | undefined = zip.readUInt32LE(at + 18)
    if (compressed === 0xffffffff) compressed = zip64CompressedSize(zip.subarray(extraAt, dataAt))
    if (compressed === undefined) return 'unreadable'

    let dataEnd: number
    if (!(flags & 0x08) || compressed > 0) {
      dataEnd = dataAt + compressed
      at = dataEnd
    } else {
      dataEnd = zip.indexOf(DATA_DESCRIPTOR, dataAt)
      if (dataEnd < 0) return 'unreadable'
      at = dataEnd + 16 // the descriptor: signature, crc-32, compressed and uncompressed sizes
    }
    if (dataEnd > zip.length) return 'unreadable'

    const data = zip.subarray(dataAt, dataEnd)
    total += method === 0 ? data.length : await inflatedLength(data, limit - total)
    if (Number.isNaN(total)) return 'unreadable'
    if (total > limit) return 'over'
  }
  if (at + 4 <= zip.length && zip.readUInt32LE(at) === CRX_HEADER) return 'unreadable'
  return 'within'
}
