import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { ApiError, ApiFailure, Country, Organization, OrganizationFormValues, SaveOrganizationInput } from './types'

/**
 * The organization form (spec §2 Create/edit organization dialog, §5 Organization form): the
 * platform admin creates an organization with its owner, or an admin edits one. The submit
 * button stays disabled until the required fields are filled; a submit is checked once more
 * (validating), then saved. The server answers field errors in the person's language: they stay
 * in context, by field, until that field is changed; the rest goes to the error panel.
 * The countries (names in the person's language, dial codes) are loaded first.
 */

export interface OrganizationFormInput {
  /** The organization to edit, or null to create one. */
  organization: Organization | null
}

export interface OrganizationFormContext {
  /** The countries of the country select, with their dial codes. */
  countries: Country[]
  organizationId: number | null
  /** The values of the last submit (null before the first). */
  values: OrganizationFormValues | null
  /** The server's messages next to the fields, by field name (`phone` for the dial code and number). */
  fieldErrors: Record<string, string[]>
  /** The rest of the last failure, for the error panel (null when there is nothing to show there). */
  error: ApiFailure | null
  /** The organization as saved (null until then). */
  saved: Organization | null
}

export type OrganizationFormEvent =
  | { type: 'organization.submit'; values: OrganizationFormValues }
  | { type: 'organization.change'; field: string }
  | { type: 'organization.retry' }

export type OrganizationFormOutput = { outcome: 'saved'; organization: Organization }

/** The request's fields shown by the form (the phone's two inputs answer to `phone`). */
const FORM_FIELDS = [
  'name', 'username', 'type', 'industry', 'address_1', 'address_2', 'city', 'state', 'postal_code', 'country', 'phone', 'timezone', 'owner_user', 'is_verified', 'invitations_per_day',
]

/** The failure split into messages by form field and what is left for the error panel. */
function splitFailure(error: unknown): { fieldErrors: Record<string, string[]>; error: ApiFailure | null } {
  const failure = toApiFailure(error)
  const fieldErrors: Record<string, string[]> = {}
  const rest: ApiError = {}
  for (const [key, value] of Object.entries(failure.body)) {
    const messages = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
    if (FORM_FIELDS.includes(key) && messages.length > 0) fieldErrors[key] = messages
    else rest[key] = value
  }
  const panel = Object.keys(rest).length > 0 || Object.keys(fieldErrors).length === 0
  return { fieldErrors, error: panel ? { status: failure.status, body: rest } : null }
}

const filled = (text: string | null): boolean => text !== null && text.trim() !== ''

export const organizationFormMachine = setup({
  types: {
    context: {} as OrganizationFormContext,
    events: {} as OrganizationFormEvent,
    input: {} as OrganizationFormInput,
    output: {} as OrganizationFormOutput,
    tags: {} as 'busy' | 'error' | 'incomplete',
  },
  actors: {
    /** GET /v1/countries/ */
    loadCountries: fromPromise<Country[]>(async () => {
      throw new Error('not provided: loadCountries')
    }),
    /** POST /v1/organizations/ (create, the owner invited as admin), POST /v1/organizations/own/ (onboarding) or PUT /v1/organizations/{id}/ */
    saveOrganization: fromPromise<Organization, SaveOrganizationInput>(async () => {
      throw new Error('not provided: saveOrganization')
    }),
  },
  guards: {
    /** Every required field of §5 holds a value; the owner only when creating in the admin context, the username at onboarding. */
    isComplete: ({ context }) => {
      const values = context.values
      if (values === null) return false
      const required = [
        values.name, values.type, values.industry, values.address_1, values.city, values.state,
        values.postal_code, values.country, values.phone_code, values.phone_number, values.timezone,
      ]
      const ownerNeeded = context.organizationId === null && values.owner_user !== null
      const usernameNeeded = values.username !== null
      return required.every(filled) && (!ownerNeeded || filled(values.owner_user)) && (!usernameNeeded || filled(values.username))
    },
  },
  actions: {
    assignCountries: assign((_, params: { countries: Country[] }) => ({ countries: params.countries, error: null })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    assignValues: assign((_, params: { values: OrganizationFormValues }) => ({ values: params.values, error: null })),
    clearFieldError: assign(({ context }, params: { field: string }) => {
      const { [params.field]: _changed, ...rest } = context.fieldErrors
      return { fieldErrors: rest }
    }),
    assignSaved: assign((_, params: { organization: Organization }) => ({ saved: params.organization, fieldErrors: {}, error: null })),
    assignFailure: assign((_, params: { error: unknown }) => splitFailure(params.error)),
  },
}).createMachine({
  id: 'organizationForm',
  description: 'The organization form: fill it in, check it, save it; the server\'s messages appear next to their fields.',
  context: ({ input }) => ({ countries: [], organizationId: input.organization?.id ?? null, values: null, fieldErrors: {}, error: null, saved: null }),
  initial: 'loading',
  output: ({ event }) => event.output as OrganizationFormOutput,
  states: {
    loading: {
      description: 'The countries are loaded for the country select and its dial codes.',
      tags: ['busy'],
      invoke: {
        id: 'loadCountries',
        src: 'loadCountries',
        onDone: {
          target: 'editing',
          actions: { type: 'assignCountries', params: ({ event }) => ({ countries: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The countries could not be loaded: the dialog says so and offers to try again.',
      tags: ['error'],
      on: {
        'organization.retry': { description: 'Try loading the countries again.', target: 'loading' },
      },
    },
    editing: {
      description: 'The person fills in the form; the save button is enabled once the required fields hold values.',
      initial: 'ready',
      on: {
        'organization.submit': {
          description: 'Save the organization.',
          target: 'validating',
          actions: { type: 'assignValues', params: ({ event }) => ({ values: event.values }) },
        },
        'organization.change': {
          description: 'A field was changed: the server\'s message next to it no longer applies.',
          actions: { type: 'clearFieldError', params: ({ event }) => ({ field: event.field }) },
        },
      },
      states: {
        ready: {},
        incomplete: {
          description: 'A required field is empty: every field shows its message (Enter in an incomplete form).',
          tags: ['incomplete'],
        },
        failed: {
          description: 'The server refused: its messages are next to the fields and the rest in the error panel.',
          tags: ['error'],
        },
      },
    },
    validating: {
      description: 'The required fields are checked once more before anything is sent.',
      always: [
        { guard: 'isComplete', target: 'saving' },
        { target: 'editing.incomplete' },
      ],
    },
    saving: {
      description: 'The organization is created (and its owner invited) or saved.',
      tags: ['busy'],
      invoke: {
        id: 'saveOrganization',
        src: 'saveOrganization',
        input: ({ context }) => ({ organizationId: context.organizationId, values: context.values as OrganizationFormValues }),
        onDone: { target: 'saved', actions: { type: 'assignSaved', params: ({ event }) => ({ organization: event.output }) } },
        onError: {
          description: 'Field errors, no permission, server or network failure.',
          target: 'editing.failed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    saved: {
      description: 'The organization is saved; the dialog closes.',
      type: 'final',
      output: ({ context }) => ({ outcome: 'saved', organization: context.saved as Organization }),
    },
  },
})
