import { Ajv, type Options, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import type { FastifySchemaCompiler } from 'fastify'
import { isCountryCode, isPortalDate, isTimeZone } from './formats.js'
import { addStorableKeywords, withStorableChecks } from './storable.js'

/**
 * Request validation, with two Ajv instances:
 * - bodies are taken as sent: no type coercion, no removal of unknown fields (an unknown field is an error);
 * - path and query values arrive as text, so they are coerced ("42" → 42, a lone value to a list of one).
 * All errors are collected so that every wrong field gets its message at once.
 * Besides the standard formats, the contract's own: `iso-country`, `time-zone` and a `date` the store can
 * hold (formats.ts). Every
 * string and integer is also checked for what the store can take (storable.ts).
 */

const common: Options = {
  allErrors: true,
  removeAdditional: false,
  useDefaults: false,
  allowUnionTypes: true,
  strict: true,
  // OpenAPI's own keywords that may sit next to a schema
  keywords: ['example', 'discriminator', 'xml', 'externalDocs'],
}

const withFormats = (ajv: Ajv): Ajv => {
  addFormats(ajv, ['email', 'date-time', 'uri'])
  ajv.addFormat('date', { type: 'string', validate: isPortalDate })
  ajv.addFormat('iso-country', { type: 'string', validate: isCountryCode })
  ajv.addFormat('time-zone', { type: 'string', validate: isTimeZone })
  return ajv
}

const bodyAjv = addStorableKeywords(withFormats(new Ajv({ ...common, coerceTypes: false })))
// 'array': a query value given once (`country=US`) is a list of one where the contract takes a list
const textAjv = addStorableKeywords(withFormats(new Ajv({ ...common, coerceTypes: 'array' })))

const compile = (ajv: Ajv, schema: object): ValidateFunction => ajv.compile(withStorableChecks(schema) as object)

export const compileBodyValidator = (schema: object): ValidateFunction => compile(bodyAjv, schema)

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  compile(httpPart === 'body' ? bodyAjv : textAjv, schema)
