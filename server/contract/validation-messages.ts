import type { ErrorObject } from 'ajv'
import type { Translator } from '../../locales/server.js'
import { EARLIEST_YEAR, isCalendarDate } from './formats.js'

/**
 * Turns Ajv's errors into the contract's field errors: `{"email": ["Please input correct email address"]}`,
 * one list of messages a person can act on per top-level field, in the requester's language.
 * Where the specification words a message for a field (section 5), that wording is used: by field
 * name everywhere (email, password, ...), or by operation where a form has its own wording
 * (the organization form's name, type, owner_user, ...).
 */

const decodePointer = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~')

const isBlank = (value: unknown) => typeof value === 'string' && value.trim() === ''

const valueAt = (data: unknown, pointer: string): unknown => {
  let current = data
  for (const segment of pointer.split('/').slice(1)) {
    if (typeof current !== 'object' || current === null) return undefined
    current = (current as Record<string, unknown>)[decodePointer(segment)]
  }
  return current
}

const PASSWORD_FIELDS = new Set(['password', 'new_password'])
/** The paging parameters of the lists and reports (the contract's Page and PageSize). */
const PAGING_FIELDS = new Set(['page', 'page_size'])

/**
 * The pattern of the contract's NotBlank, every not-blank text's: a value it refuses (spaces and invisible
 * format characters alone, a zero-width space) is a missing value, and gets the field's message for one.
 */
const NOT_BLANK = '[^\\s\\p{Cf}]'

/** The contract's not-blank rule, for the texts it does not reach (the cells of an import file). */
export const isNotBlank = (text: string): boolean => new RegExp(NOT_BLANK, 'u').test(text)

type Message = (t: Translator) => string

/** A form's own messages for a field: when it is missing or empty, and when its value is not valid. */
interface FieldMessages {
  required?: Message
  invalid?: Message
}

const organizationForm: Record<string, FieldMessages> = {
  name: { required: (t) => t.organizationForm.validation.nameRequired() },
  type: { required: (t) => t.organizationForm.validation.typeRequired() },
  industry: { required: (t) => t.organizationForm.validation.industryRequired() },
  address_1: { required: (t) => t.organizationForm.validation.addressRequired() },
  city: { required: (t) => t.organizationForm.validation.cityRequired() },
  state: { required: (t) => t.organizationForm.validation.stateRequired() },
  postal_code: { required: (t) => t.organizationForm.validation.postcodeRequired() },
  country: { required: (t) => t.organizationForm.validation.countryRequired() },
  phone: { required: (t) => t.organizationForm.validation.phoneRequired(), invalid: (t) => t.validation.phoneNotNumber() },
  timezone: { required: (t) => t.organizationForm.validation.timezoneRequired() },
  owner_user: {
    required: (t) => t.organizationForm.validation.ownerRequired(),
    invalid: (t) => t.organizationForm.validation.ownerInvalid(),
  },
}

/**
 * The onboarding's own organization (createOwnOrganization): the organization form's messages, and its
 * username and numeric postcode (specification §5 "School or company creation during onboarding").
 */
const ownOrganizationForm: Record<string, FieldMessages> = {
  ...organizationForm,
  username: {
    required: (t) => t.onboarding.validation.usernameRequired({ kind: t.onboarding.kinds.organization() }),
    invalid: (t) => t.onboarding.validation.usernameInvalid(),
  },
  postal_code: { required: (t) => t.organizationForm.validation.postcodeRequired(), invalid: (t) => t.onboarding.validation.postcodeNotNumber() },
}

/** Messages by operation (operationId), then by field, that differ from the field-name defaults. */
const OPERATION_MESSAGES: Record<string, Record<string, FieldMessages>> = {
  createOrganization: organizationForm,
  updateOrganization: organizationForm,
  createOwnOrganization: ownOrganizationForm,
  setOrganizationUserRoles: { roles: { required: (t) => t.validation.selectRole() } },
  sendAppLinkBySms: { phone: { invalid: (t) => t.validation.phoneNotNumber() } },
  createGroup: { name: { required: (t) => t.classes.validation.nameRequired() } },
  updateGroup: { name: { required: (t) => t.classes.validation.nameRequired() } },
  setAssignment: {
    practice_days_per_week: { invalid: (t) => t.classes.validation.daysRange() },
    practice_minutes_per_day: { invalid: (t) => t.classes.validation.minutesRange() },
    test_before_class_stats: { invalid: (t) => t.classes.validation.engagementRange() },
  },
  recordPracticeEvents: {
    client_event_id: { invalid: (t) => t.api.eventIdInvalid() },
    seconds: { invalid: (t) => t.api.secondsRange() },
    native_score: { invalid: (t) => t.api.scoreRange() },
    eps: { invalid: (t) => t.api.scoreRange() },
    overall_score: { invalid: (t) => t.api.scoreRange() },
    pronunciation: { invalid: (t) => t.api.scoreRange() },
    intonation: { invalid: (t) => t.api.scoreRange() },
    fluency: { invalid: (t) => t.api.scoreRange() },
    score: { invalid: (t) => t.api.scoreRange() },
  },
}

/**
 * Lists whose items are reported one by one: a batch of events names the event and its field
 * (`events[2].native_score`), so that the app knows which one to fix; the messages are the field's own.
 */
const ITEMIZED_LISTS: Record<string, string> = { recordPracticeEvents: 'events' }

/** `events[2].skills[0].score` for the segments events/2/skills/0/score. */
export const itemKey = (segments: readonly string[]): string =>
  segments.reduce((key, segment) => (/^\d+$/.test(segment) ? `${key}[${segment}]` : key ? `${key}.${segment}` : segment), '')

const ownMessages = (operationId: string | undefined, field: string): FieldMessages | undefined =>
  operationId === undefined ? undefined : OPERATION_MESSAGES[operationId]?.[field]

/** The message for a field that is missing or empty (in the wording of the operation's form, if it has one). */
export const requiredMessage = (t: Translator, field: string, operationId?: string): string => {
  const own = ownMessages(operationId, field)?.required
  if (own) return own(t)
  switch (field) {
    case 'email':
      return t.validation.emailRequired()
    case 'password':
      return t.validation.passwordRequired()
    case 'first_name':
      return t.validation.firstNameRequired()
    case 'last_name':
      return t.validation.lastNameRequired()
    case 'current_password':
      return t.validation.currentPasswordRequired()
    case 'new_password':
      return t.validation.newPasswordRequired()
    default:
      return t.api.required()
  }
}

const patternMessage = (t: Translator, field: string): string => {
  switch (field) {
    case 'first_name':
    case 'last_name':
      return requiredMessage(t, field)
    case 'phone_number':
    case 'phone_code':
      return t.validation.phoneNotNumber()
    case 'invitation_code':
      return t.api.invitationCodeInvalid()
    default:
      return t.api.invalidFormat()
  }
}

const messageFor = (
  t: Translator,
  field: string,
  error: ErrorObject,
  value: unknown,
  inList: boolean,
  operationId: string | undefined,
): string => {
  const params = error.params as Record<string, unknown>
  const invalid = ownMessages(operationId, field)?.invalid
  switch (error.keyword) {
    case 'required':
      return requiredMessage(t, field, operationId)
    case 'additionalProperties':
      return t.api.unknownField()
    case 'type':
      return t.api.wrongType()
    case 'format':
      if (invalid) return invalid(t)
      if (params.format === 'email') {
        return inList ? t.api.invalidEmailIn({ email: String(value) }) : t.validation.emailInvalid()
      }
      // a value that is not one of the codes or names of the list (countries, time zones)
      if (params.format === 'iso-country' || params.format === 'time-zone') return t.api.invalidChoice()
      // a real day, of a year before the first one taken
      if (params.format === 'date' && isCalendarDate(String(value))) return t.api.dateTooEarly({ earliest: `${EARLIEST_YEAR}-01-01` })
      return t.api.invalidFormat()
    case 'minLength': {
      const min = Number(params.limit)
      if (min <= 1) return requiredMessage(t, field, operationId)
      return PASSWORD_FIELDS.has(field) ? t.validation.passwordTooShort({ min }) : t.api.tooShort({ min })
    }
    case 'maxLength':
      return t.api.tooLong({ max: Number(params.limit) })
    case 'pattern':
      if (params.pattern === NOT_BLANK) return requiredMessage(t, field, operationId)
      if (invalid) return invalid(t)
      return patternMessage(t, field)
    case 'minItems':
      return requiredMessage(t, field, operationId)
    case 'maxItems':
      return t.api.tooManyItems({ max: Number(params.limit) })
    case 'storableText':
      return t.api.controlCharacter()
    case 'minimum':
    case 'maximum':
      // a form's own wording of its range ("from 1 to 7")
      if (invalid) return invalid(t)
      // a page or page size is a number to choose, not a choice among values: say which way to go
      if (PAGING_FIELDS.has(field)) return error.keyword === 'minimum' ? t.api.atLeast({ min: Number(params.limit) }) : t.api.atMost({ max: Number(params.limit) })
      return t.api.invalidChoice()
    case 'enum':
    case 'const':
    case 'int32':
      return t.api.invalidChoice()
    default:
      return t.api.invalidFormat()
  }
}

export type ValidationBody = { detail?: string; [field: string]: string[] | string | undefined }

/**
 * The fields an answer reports at most. Validation collects every error (allErrors), so a body of
 * 50,000 unknown fields has 50,000 of them: the answer names the first ones only, and stays small.
 */
export const MAX_REPORTED_FIELDS = 20

/**
 * `errors` from validating `data` (a body, the path parameters or the query) of the operation
 * `operationId`. A body that is not a JSON object at all gets one `detail`.
 */
export const validationMessages = (
  t: Translator,
  errors: readonly ErrorObject[],
  data: unknown,
  operationId?: string,
): ValidationBody => {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { detail: t.api.bodyNotObject() }
  const byField = new Map<string, string[]>()
  const blankFields = new Set<string>()
  const reportedFields = () => byField.size - (byField.has('detail') ? 1 : 0)
  const add = (field: string, message: string) => {
    const list = byField.get(field) ?? []
    if (!list.includes(message)) list.push(message)
    byField.set(field, list)
  }
  for (const error of errors) {
    const params = error.params as Record<string, unknown>
    const segments = error.instancePath.split('/').slice(1).map(decodePointer)
    if (operationId !== undefined && segments.length > 1 && segments[0] === ITEMIZED_LISTS[operationId]) {
      // the property a `required` or `additionalProperties` error is about is the last segment
      if (error.keyword === 'required') segments.push(String(params.missingProperty))
      else if (error.keyword === 'additionalProperties') segments.push(String(params.additionalProperty))
      const leaf = segments.filter((segment) => !/^\d+$/.test(segment)).at(-1) ?? ''
      const key = itemKey(segments)
      if (!byField.has(key) && reportedFields() >= MAX_REPORTED_FIELDS) continue
      const value = valueAt(data, `/${segments.join('/')}`)
      const blank = isBlank(value) && error.keyword !== 'type'
      add(key, blank ? requiredMessage(t, leaf, operationId) : messageFor(t, leaf, error, value, false, operationId))
      continue
    }
    let field = segments[0]
    if (field === undefined) {
      if (error.keyword === 'required') field = String(params.missingProperty)
      else if (error.keyword === 'additionalProperties') field = String(params.additionalProperty)
      else {
        add('detail', t.api.bodyNotObject())
        continue
      }
    }
    if (blankFields.has(field)) continue
    // a page past int32 is past the paging maximum too, whose message says which way to go
    if (error.keyword === 'int32' && PAGING_FIELDS.has(field) && errors.some((other) => other.instancePath === error.instancePath && other.keyword === 'maximum')) continue
    if (!byField.has(field) && reportedFields() >= MAX_REPORTED_FIELDS) continue
    const value = valueAt(data, error.instancePath)
    // an empty text is a missing value, whatever else is wrong with it
    if (segments.length === 1 && isBlank(value) && error.keyword !== 'type') {
      byField.set(field, [requiredMessage(t, field, operationId)])
      blankFields.add(field)
      continue
    }
    add(field, messageFor(t, field, error, value, segments.length > 1, operationId))
  }
  const detail = byField.get('detail')
  byField.delete('detail')
  const body: ValidationBody = Object.fromEntries(byField)
  if (detail) body.detail = detail.join(' ')
  return body
}
