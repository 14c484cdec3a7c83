import { Ajv, type Options, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import type { FastifySchemaCompiler } from 'fastify'
import { isCountryCode, isPortalDate, isTimeZone } from './formats.js'
import { addStorableKeywords, withStorableChecks } from './storable.js'

/**
 * Request validation, with two Ajv instances:
 * - bodies are taken as sent: no type coercion, no removal of unknown fields (an unknown field is an error);
 * - path and query values arrive as text, so they are coerced ("42" → 42, a lone value to a list of one);
 *   an integer in the path is coerced only when it is spelled as the contract writes it (pathIntegers).
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

/**
 * How an id is written in a path when its parameter's schema gives no `pattern`: decimal digits only,
 * the first not 0, at most 16 (the contract's `maximum` then bounds the value).
 */
export const PATH_ID_SPELLING = '^[1-9][0-9]{0,15}$'

type Schema = { type?: unknown; pattern?: unknown; properties?: Record<string, Schema> }

const isInteger = (schema: Schema): boolean => [schema.type].flat().includes('integer')

/**
 * The path parameters' validator. Coercion alone takes " 1", "+1", "00001", "0x10", "1e1", "1.0" for 1,
 * 1, 1, 16, 10 and 1 (Number() is lenient), so one account answered under many addresses. An integer
 * parameter's text must first match its `pattern` (PATH_ID_SPELLING when it has none; JSON Schema
 * applies `pattern` to strings only, so the pattern is checked here on the text and left out of the
 * schema Ajv compiles), and is then coerced and checked against the rest of its schema (its maximum).
 * The error handler answers any failure of the path with 404: a path spelled otherwise names nothing.
 */
const compilePathParameters = (schema: Schema): ValidateFunction => {
  const properties = schema.properties ?? {}
  const spellings: [string, RegExp][] = []
  const compiled: Record<string, Schema> = {}
  for (const [name, property] of Object.entries(properties)) {
    if (!isInteger(property)) {
      compiled[name] = property
      continue
    }
    const { pattern, ...rest } = property
    spellings.push([name, new RegExp(typeof pattern === 'string' ? pattern : PATH_ID_SPELLING, 'u')])
    compiled[name] = rest
  }
  const validate = compile(textAjv, { ...schema, properties: compiled })
  const check = ((data: Record<string, unknown>) => {
    const misspelled = spellings.filter(([name, spelling]) => typeof data?.[name] === 'string' && !spelling.test(data[name] as string))
    if (misspelled.length > 0) {
      check.errors = misspelled.map(([name, spelling]) => ({
        keyword: 'pattern',
        instancePath: `/${name}`,
        schemaPath: `#/properties/${name}/pattern`,
        params: { pattern: spelling.source },
        message: `must match pattern "${spelling.source}"`,
      }))
      return false
    }
    const valid = validate(data)
    check.errors = validate.errors
    return valid
  }) as ValidateFunction
  return check
}

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  if (httpPart === 'params') return compilePathParameters(schema as Schema)
  return compile(httpPart === 'body' ? bodyAjv : textAjv, schema)
}
