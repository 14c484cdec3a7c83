import type { ValidateFunction } from 'ajv'
import { and, inArray, isNull, sql } from 'drizzle-orm'
import type { components } from '../../openapi/schema.js'
import type { Translator } from '../../locales/server.js'
import { isOwnAddress, reachesCountry } from '../auth/policy.js'
import { loadContract } from '../contract/load.js'
import { validationMessages } from '../contract/validation-messages.js'
import { compileBodyValidator } from '../contract/validators.js'
import { organizations, type UserRow } from '../db/schema.js'
import type { Executor } from '../db/store.js'
import { inSlices, rowsByKey, yesNoOf } from '../services/import-rows.js'
import type { Column } from '../services/spreadsheets.js'

/**
 * The rows of an organization import: its columns (the organization form's fields and the owner's
 * e-mail), and their checks. A row is checked by turning it into the body of POST /v1/organizations/
 * and validating that body with the create call's own schema and messages (the contract's), so an
 * import says exactly what the create form says; then what only a file can get wrong: a name used on
 * two rows, a name already taken, and a country out of a country admin's reach.
 */

export type ImportValues = components['schemas']['OrganizationImportValues']
export type ImportColumn = keyof ImportValues
type CreateBody = components['schemas']['CreateOrganizationRequest']
type RowView = components['schemas']['OrganizationImportRow']

/** A row as stored in organization_imports.rows. */
export interface StoredRow {
  number: number
  values: ImportValues
  /** The organization made from it, once the import is confirmed. */
  organizationId: number | null
}

const column = (key: ImportColumn, required: boolean, aliases: string[] = []): Column<ImportColumn> => ({ key, header: key, aliases, required })

/** The template's columns, in its order. Optional ones may be left out of a file. */
export const IMPORT_COLUMNS: readonly Column<ImportColumn>[] = [
  column('name', true, ['organization', 'organization name']),
  column('type', true),
  column('industry', true),
  column('address_1', true, ['address', 'address line 1']),
  column('address_2', false, ['address line 2']),
  column('city', true),
  column('state', true),
  column('postal_code', true, ['postcode', 'zip', 'zip code']),
  column('country', true),
  column('phone', true),
  column('timezone', true, ['time zone']),
  column('is_verified', false, ['verified']),
  column('owner_email', true, ['owner', 'owner_user', 'owner e-mail']),
]

/** The template's example row, in the columns' order. */
export const EXAMPLE_ROW: ImportValues = {
  name: 'Springfield High',
  type: 'school',
  industry: 'education',
  address_1: '19 Plympton St',
  address_2: '',
  city: 'Springfield',
  state: 'OR',
  postal_code: '97477',
  country: 'US',
  phone: '+1 5415550100',
  timezone: 'America/Los_Angeles',
  is_verified: 'no',
  owner_email: 'skinner@example.com',
}

/**
 * The create call's body for a row. Texts are given as written (an empty one is what the form sends
 * for an empty field, and gets the form's "Please input ..."); choices are matched without regard to
 * case ("School", "Computer software internet"), the country code in capitals.
 */
export const createBodyOf = (values: ImportValues): CreateBody => ({
  name: values.name,
  type: values.type.toLowerCase() as CreateBody['type'],
  industry: values.industry.toLowerCase().replace(/[\s/&,-]+/g, '_') as CreateBody['industry'],
  address_1: values.address_1,
  address_2: values.address_2 || null,
  city: values.city,
  state: values.state,
  postal_code: values.postal_code,
  country: values.country.toUpperCase(),
  phone: values.phone,
  timezone: values.timezone,
  is_verified: yesNoOf(values.is_verified) === true,
  owner_user: values.owner_email,
})

/** The body's field of a column, where they differ. */
const columnOfField = (field: string): ImportColumn => (field === 'owner_user' ? 'owner_email' : (field as ImportColumn))

let validateCreateBody: ValidateFunction | undefined

/** The create call's body schema from the contract, compiled once. */
const createValidator = (): ValidateFunction => {
  if (!validateCreateBody) {
    const schema = loadContract().find((operation) => operation.operationId === 'createOrganization')?.schema.body
    if (!schema) throw new Error('The contract has no body for createOrganization')
    validateCreateBody = compileBodyValidator(schema)
  }
  return validateCreateBody
}

const nameKey = (name: string) => name.trim().toLowerCase()

/** The names among these that organizations (not deleted) already have, compared without case. */
const takenNames = async (db: Executor, keys: readonly string[]): Promise<Set<string>> => {
  // in slices, so that a file of 10,000 names stays within a statement's parameters
  const rows = await inSlices(keys, (slice) =>
    db
      .select({ key: sql<string>`lower(trim(${organizations.name}))` })
      .from(organizations)
      .where(and(isNull(organizations.deletedAt), inArray(sql`lower(trim(${organizations.name}))`, slice))),
  )
  return new Set(rows.map(({ key }) => key))
}

/**
 * Each row with its errors, each naming its column, as the caller `me` would get them from the
 * create call, in its language. Rows of an import already confirmed are not checked again (their
 * names are taken by the organizations made from them).
 */
export const checkRows = async (
  db: Executor,
  t: Translator,
  me: Pick<UserRow, 'email' | 'isSuperuser' | 'countryAdminLevel' | 'id'>,
  rows: readonly StoredRow[],
  committed: boolean,
): Promise<RowView[]> => {
  if (committed) return rows.map((row) => ({ row: row.number, values: row.values, errors: [], organization: row.organizationId }))
  const validate = createValidator()
  const keys = [...new Set(rows.map((row) => nameKey(row.values.name)).filter((key) => key !== ''))]
  const taken = await takenNames(db, keys)
  const firstRowOf = rowsByKey(rows, (row) => nameKey(row.values.name))

  return rows.map(({ number, values, organizationId }) => {
    const errors: RowView['errors'] = []
    const add = (column: ImportColumn, message: string) => errors.push({ column, message })
    const body = createBodyOf(values)
    if (!validate(body)) {
      const messages = validationMessages(t, validate.errors ?? [], body, 'createOrganization')
      for (const [field, list] of Object.entries(messages)) {
        if (Array.isArray(list)) for (const message of list) add(columnOfField(field), message)
      }
    }
    if (values.is_verified !== '' && yesNoOf(values.is_verified) === undefined) {
      add('is_verified', t.adminOrganizations.organizationImport.yesOrNo())
    }
    if (values.owner_email && isOwnAddress(me, values.owner_email)) add('owner_email', t.api.inviteSelf())
    if (/^[A-Z]{2}$/.test(body.country) && !reachesCountry(me, body.country)) {
      add('country', t.adminOrganizations.organizationImport.countryOutOfReach({ country: me.countryAdminLevel?.toUpperCase() ?? '' }))
    }
    const key = nameKey(values.name)
    if (key) {
      if (taken.has(key)) add('name', t.adminOrganizations.organizationImport.nameTaken())
      const other = firstRowOf.get(key)?.find((row) => row !== number)
      if (other !== undefined) add('name', t.adminOrganizations.organizationImport.nameTwice({ row: other }))
    }
    return { row: number, values, errors, organization: organizationId }
  })
}
