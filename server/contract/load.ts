import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

/**
 * Reads openapi/openapi.yaml and gives each operation in the shape Fastify takes: its URL, and its
 * request and response schemas with every `$ref` replaced by what it points to, and the largest body it
 * takes (`x-body-limit`, in bytes, on an operation that needs more than DEFAULT_BODY_LIMIT).
 */

export const contractFile = fileURLToPath(new URL('../../openapi/openapi.yaml', import.meta.url))

/** The largest request body of an operation without `x-body-limit`: JSON calls are small. */
export const DEFAULT_BODY_LIMIT = 64 * 1024

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }
export type JsonSchema = JsonObject

export interface Operation {
  operationId: string
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** The path as the contract writes it: /v1/accounts/{id} */
  path: string
  /** The path as Fastify routes it: /v1/accounts/:id */
  url: string
  /** Needs `Authorization: Bearer <token>`. */
  secured: boolean
  /** The status of the answer when the call succeeds. */
  successStatus: number
  /** For a body that is a file, not JSON: the content types it may have. */
  file?: { contentTypes: string[] }
  /** Bytes: a larger body is refused with 413 before it is read on. */
  bodyLimit: number
  schema: {
    body?: JsonSchema
    params?: JsonSchema
    querystring?: JsonSchema
    /** JSON body schema by status code. */
    response: Record<string, JsonSchema>
  }
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Replaces every local `$ref` with a copy of its target (keywords next to the `$ref` win). */
const dereference = (root: JsonObject, node: Json, trail: readonly string[] = []): Json => {
  if (Array.isArray(node)) return node.map((item) => dereference(root, item, trail))
  if (!isObject(node)) return node
  const { $ref, ...rest } = node
  let base: JsonObject = {}
  if (typeof $ref === 'string') {
    if (trail.includes($ref)) throw new Error(`The contract has a circular $ref: ${[...trail, $ref].join(' -> ')}`)
    if (!$ref.startsWith('#/')) throw new Error(`Only local $refs are supported in the contract: ${$ref}`)
    let target: Json = root
    for (const part of $ref.slice(2).split('/')) {
      const key = part.replace(/~1/g, '/').replace(/~0/g, '~')
      target = isObject(target) ? (target[key] ?? null) : null
    }
    if (!isObject(target)) throw new Error(`The contract's $ref does not resolve: ${$ref}`)
    const resolved = dereference(root, target, [...trail, $ref])
    base = isObject(resolved) ? resolved : {}
  }
  const out: JsonObject = { ...base }
  for (const [key, value] of Object.entries(rest)) out[key] = dereference(root, value, trail)
  return out
}

const objectOf = (value: Json | undefined, what: string): JsonObject => {
  if (!isObject(value)) throw new Error(`The contract is missing ${what}`)
  return value
}

const parametersSchema = (parameters: JsonObject[], location: 'path' | 'query'): JsonSchema | undefined => {
  const chosen = parameters.filter((parameter) => parameter.in === location)
  if (chosen.length === 0) return undefined
  const properties: JsonObject = {}
  const required: string[] = []
  for (const parameter of chosen) {
    const name = String(parameter.name)
    properties[name] = objectOf(parameter.schema, `the schema of parameter ${name}`)
    if (parameter.required === true) required.push(name)
  }
  return { type: 'object', properties, required }
}

const usesBearer = (security: Json | undefined): boolean =>
  Array.isArray(security) && security.some((requirement) => isObject(requirement) && 'bearerAuth' in requirement)

export const parseContract = (source: string): Operation[] => {
  const root = objectOf(parse(source) as Json, 'its document')
  const paths = objectOf(root.paths, 'paths')
  const operations: Operation[] = []
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = objectOf(dereference(root, rawItem), `path ${path}`)
    const shared = Array.isArray(item.parameters) ? item.parameters.filter(isObject) : []
    for (const method of METHODS) {
      const op = item[method]
      if (!isObject(op)) continue
      const operationId = op.operationId
      if (typeof operationId !== 'string') throw new Error(`${method.toUpperCase()} ${path} has no operationId`)
      const own = Array.isArray(op.parameters) ? op.parameters.filter(isObject) : []
      const byKey = new Map([...shared, ...own].map((parameter) => [`${parameter.in}:${parameter.name}`, parameter]))
      const parameters = [...byKey.values()]

      const schema: Operation['schema'] = { response: {} }
      const params = parametersSchema(parameters, 'path')
      if (params) schema.params = params
      const querystring = parametersSchema(parameters, 'query')
      if (querystring) schema.querystring = querystring
      let file: Operation['file']
      if (isObject(op.requestBody)) {
        if (op.requestBody.required !== true) throw new Error(`${operationId}: a request body must be required`)
        const content = objectOf(op.requestBody.content, `${operationId}'s request content`)
        if (content['application/json'] !== undefined) {
          schema.body = objectOf(objectOf(content['application/json'], `${operationId}'s JSON body`).schema, 'a body schema')
        } else {
          // a file (bytes of the listed types); its size limit is the operation's x-body-limit
          file = { contentTypes: Object.keys(content) }
        }
      }

      const responses = objectOf(op.responses, `${operationId}'s responses`)
      let successStatus: number | undefined
      for (const [status, response] of Object.entries(responses)) {
        const code = Number(status)
        if (successStatus === undefined && code >= 200 && code < 400) successStatus = code
        const content = isObject(response) && isObject(response.content) ? response.content : undefined
        const json = content?.['application/json']
        if (isObject(json) && isObject(json.schema)) schema.response[status] = json.schema
      }
      if (successStatus === undefined) throw new Error(`${operationId} has no success response`)
      const bodyLimit = op['x-body-limit'] ?? DEFAULT_BODY_LIMIT
      if (typeof bodyLimit !== 'number' || !Number.isInteger(bodyLimit) || bodyLimit < 1) {
        throw new Error(`${operationId}: x-body-limit must be a whole number of bytes`)
      }

      operations.push({
        operationId,
        method: method.toUpperCase() as Operation['method'],
        path,
        url: path.replace(/\{([^}]+)\}/g, ':$1'),
        secured: usesBearer(op.security ?? root.security),
        successStatus,
        ...(file ? { file } : {}),
        bodyLimit,
        schema,
      })
    }
  }
  return operations
}

export const loadContract = (file: string = contractFile): Operation[] => parseContract(readFileSync(file, 'utf8'))
