import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { isCalendarDate, isCountryCode, isTimeZone } from '../../server/contract/formats.js'
import { contractFile, loadContract, type JsonSchema } from '../../server/contract/load.js'

/**
 * Checks every answer of the API tests against the contract, as a client reading it would: the body of
 * an operation's answer must be what openapi/openapi.yaml gives for that operation and status (types,
 * formats, enums, required fields, no field where `additionalProperties: false`), and the status must be
 * one the operation lists. The server's own writing of answers does not do this: Fastify serializes
 * through the response schemas with fast-json-stringify, which drops unlisted fields and throws (500) on
 * a missing required field or a value no branch of a union takes, but coerces the rest silently ("12"
 * becomes 12, 1.7 becomes 1, 5 becomes "5", null becomes "" for a string, "no" becomes true) and never
 * looks at formats or enums ("yesterday" leaves as a date-time, "boss" as a role). So this reads the text
 * as it went out, with a validator of its own.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

interface ContractOperation {
  /** Every status the contract lists for the operation, with its JSON body schema when it has one. */
  statuses: Map<string, JsonSchema | undefined>
}

const ajv = new Ajv({
  strict: true,
  allErrors: true,
  allowUnionTypes: true,
  // OpenAPI's own keywords that may sit next to a schema
  keywords: ['example', 'discriminator', 'xml', 'externalDocs'],
})
addFormats(ajv, ['email', 'date-time', 'uri'])
// the contract's own formats (server/contract/formats.ts); a `date` in an answer is any day that exists: the
// floor of 1900 is for requests (a week's label may be the Saturday before it, as the contract's info says)
ajv.addFormat('date', { type: 'string', validate: isCalendarDate })
ajv.addFormat('iso-country', { type: 'string', validate: isCountryCode })
ajv.addFormat('time-zone', { type: 'string', validate: isTimeZone })

const readOperations = (): Map<string, ContractOperation> => {
  const document = parse(readFileSync(contractFile, 'utf8')) as { paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> }>> }
  const listed = new Map<string, string[]>()
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      if (operation && typeof operation === 'object' && typeof operation.operationId === 'string') {
        listed.set(operation.operationId, Object.keys(operation.responses ?? {}))
      }
    }
  }
  const operations = new Map<string, ContractOperation>()
  for (const operation of loadContract()) {
    const statuses = new Map<string, JsonSchema | undefined>()
    for (const status of listed.get(operation.operationId) ?? []) statuses.set(status, operation.schema.response[status])
    operations.set(operation.operationId, { statuses })
  }
  return operations
}

let operations: Map<string, ContractOperation> | undefined
const validators = new Map<JsonSchema, ValidateFunction>()

const validatorOf = (schema: JsonSchema): ValidateFunction => {
  let validate = validators.get(schema)
  if (!validate) validators.set(schema, (validate = ajv.compile(schema)))
  return validate
}

const valueAt = (body: unknown, pointer: string): unknown =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), body)

const describe = (error: ErrorObject, body: unknown): string => {
  const where = error.instancePath || '(the body)'
  const value = error.keyword === 'required' || error.keyword === 'additionalProperties' ? '' : ` (it is ${JSON.stringify(valueAt(body, error.instancePath))?.slice(0, 120)})`
  const detail = error.keyword === 'additionalProperties' ? `: ${String(error.params.additionalProperty)}` : ''
  return `${where} ${error.message}${detail}${value}`
}

export interface Answer {
  /** The operation the router matched, or undefined for a path the contract does not have. */
  operationId: string | undefined
  status: number
  contentType: string | undefined
  text: string
}

/**
 * The ways `answer` departs from the contract, one line each (none when it keeps to it). An answer to a
 * path the contract does not have (the web app's pages, /dev/mail, a 404 for no route) is not checked.
 */
export const contractDrift = (answer: Answer): string[] => {
  if (!answer.operationId) return []
  operations ??= readOperations()
  const operation = operations.get(answer.operationId)
  if (!operation) return [`${answer.operationId} is not an operation of the contract`]
  const status = String(answer.status)
  if (!operation.statuses.has(status)) {
    return [`${answer.operationId} answered ${status}, a status its responses do not list (${[...operation.statuses.keys()].join(', ')})`]
  }
  const schema = operation.statuses.get(status)
  if (!schema) return []
  if (!/^application\/json\b/.test(answer.contentType ?? '')) return [`${answer.operationId} answered ${status} as ${answer.contentType ?? 'no content type'}, not JSON`]
  let body: Json
  try {
    body = JSON.parse(answer.text) as Json
  } catch {
    return [`${answer.operationId} answered ${status} with a body that is not JSON`]
  }
  const validate = validatorOf(schema)
  if (validate(body)) return []
  return (validate.errors ?? []).map((error) => `${answer.operationId} ${status}: ${describe(error, body)}`)
}
