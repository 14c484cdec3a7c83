import type { Ajv } from 'ajv'

/**
 * What the store can take, checked on every string and every integer a request brings, so that a new
 * operation of the contract has these checks without asking for them:
 * - `storableText` on each string: no control characters but tab and line breaks (PostgreSQL refuses
 *   NUL in text outright, which was a 500; the others have no business in a form's text either);
 * - `int32` on each integer not marked `format: int64`: a whole number PostgreSQL's integer column
 *   takes. Path and query values are coerced from text first, and Ajv takes "Infinity" and "1e309"
 *   for an integer (Infinity passes `Infinity % 1` and, coerced, slips past `maximum`).
 */

const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
const INT32_MIN = -(2 ** 31)
const INT32_MAX = 2 ** 31 - 1

export const isStorableText = (value: string): boolean => !CONTROL_CHARACTERS.test(value)
export const isInt32 = (value: number): boolean => Number.isInteger(value) && value >= INT32_MIN && value <= INT32_MAX

export const addStorableKeywords = (ajv: Ajv): Ajv => {
  ajv.addKeyword({ keyword: 'storableText', type: 'string', schemaType: 'boolean', validate: (_: boolean, data: string) => isStorableText(data) })
  // not limited to numbers: Ajv skips its number keywords for Infinity, which is what "Infinity" coerces to
  ajv.addKeyword({ keyword: 'int32', schemaType: 'boolean', validate: (_: boolean, data: unknown) => typeof data !== 'number' || isInt32(data) })
  return ajv
}

type Node = unknown

/** Keywords whose values are data, not schemas. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'example', 'examples', 'required'])

/** A copy of a request schema with `storableText` on every string and `int32` on every integer. */
export const withStorableChecks = (node: Node): Node => {
  if (Array.isArray(node)) return node.map(withStorableChecks)
  if (typeof node !== 'object' || node === null) return node
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node)) out[key] = DATA_KEYWORDS.has(key) ? value : withStorableChecks(value)
  const types = [out.type].flat()
  if (types.includes('string')) out.storableText = true
  if (types.includes('integer') && out.format !== 'int64') out.int32 = true
  return out
}
