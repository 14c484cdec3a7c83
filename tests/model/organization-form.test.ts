import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, toPromise } from 'xstate'
import { organizationFormMachine } from '../../machines/organization-form'
import type { Country, Organization, OrganizationFormValues, SaveOrganizationInput } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof organizationFormMachine
type View = StepView<M>

const countries: Country[] = [
  { iso2: 'JP', name: 'Japan', dial_code: '+81', priority: 0, area_codes: null },
  { iso2: 'US', name: 'United States', dial_code: '+1', priority: 0, area_codes: null },
]

const complete: OrganizationFormValues = {
  name: 'Springfield High', type: 'school', industry: 'education', address_1: '19 Plympton St', address_2: '',
  city: 'Springfield', state: 'OR', postal_code: '97477', country: 'US', phone_code: '+1', phone_number: '5415550100',
  timezone: 'America/Los_Angeles', owner_user: 'skinner@example.com', is_verified: true, username: null,
}
/** The owner left empty: complete for an edit (no owner there), not for a creation. */
const noOwner: OrganizationFormValues = { ...complete, owner_user: '' }
const noName: OrganizationFormValues = { ...complete, name: '  ' }
/** Onboarding's own organization (no owner) without its username: incomplete. */
const noUsername: OrganizationFormValues = { ...complete, owner_user: null, is_verified: null, username: ' ' }

const saved: Organization = {
  id: 7, name: 'Springfield High', username: null, type: 'school', industry: 'education', address_1: '19 Plympton St',
  address_2: null, city: 'Springfield', state: 'OR', postal_code: '97477', country: 'US', phone: '+1 5415550100',
  timezone: 'America/Los_Angeles', is_verified: true, status: 'active', invitation_code: 'K7PQ2M', logo_url: null,
  created_at: '2026-11-23T10:00:00.000Z', deleted_at: null, purge_at: null,
}

const fieldErrors = apiFailure(400, { name: ['Please input organization name'], owner_user: ['Invalid owner email'] })
const mixed = apiFailure(400, { phone: ['Please input a phone'], detail: 'Check the phone number.' })
const forbidden = apiFailure(403, { detail: 'You do not have permission to do this.' })
const offline = new TypeError('Failed to fetch')

const events: ModelEvent<M>[] = [
  done('loadCountries', countries),
  failed('loadCountries', offline),
  { type: 'organization.retry' },
  { type: 'organization.submit', values: complete },
  { type: 'organization.submit', values: noOwner },
  { type: 'organization.submit', values: noName },
  { type: 'organization.change', field: 'name' },
  done('saveOrganization', saved),
  failed('saveOrganization', fieldErrors),
  failed('saveOrganization', mixed),
  failed('saveOrganization', forbidden),
  failed('saveOrganization', offline),
  { type: 'organization.submit', values: noUsername },
]
/**
 * Simple paths over one submit, one refusal and one load failure: every refusal and every submit
 * makes a new context, so simple paths over all of them are too many.
 */
const simpleEvents = events.filter((_, index) => [0, 1, 2, 3, 7, 8].includes(index))

const notBusy = ({ snapshot }: View) => expect(snapshot.hasTag('busy')).toBe(false)
const creating = (snapshot: View['snapshot']) => snapshot.context.organizationId === null

/**
 * Where a submit leads (spec §5 Organization form): saving when the required fields are filled (the
 * owner only when an admin creates, the username only at onboarding), else the incomplete form.
 * Written per submitted value, not computed by the machine's guard.
 */
const afterSubmit = (event: ModelEvent<M>, snapshot: View['snapshot']) => {
  const values = (event as { values: OrganizationFormValues }).values
  if (values === complete) return 'saving'
  if (values === noOwner) return creating(snapshot) ? 'editing.incomplete' : 'saving'
  return 'editing.incomplete'
}

const model = buildModel({
  name: 'organizationFormMachine',
  machine: organizationFormMachine,
  inputs: {
    create: { organization: null },
    edit: { organization: saved },
  },
  events: () => events,
  simplePaths: { events: () => simpleEvents, bound: 'one submit and one refusal; the other submits, refusals and the field change by the shortest paths' },
  // spec §2, §5: the countries first (a failure may be tried again); the form is submitted from any of
  // its states, checked, then saved; a change clears that field's message and stays; a refusal goes
  // back to the form; saved ends it
  edges: {
    loading: {
      'organization.retry': null,
      'organization.submit': null,
      'organization.change': null,
      'xstate.done.actor.loadCountries': 'editing.ready',
      'xstate.error.actor.loadCountries': 'loadFailed',
    },
    loadFailed: { 'organization.retry': 'loading', 'organization.submit': null, 'organization.change': null },
    'editing.ready': { 'organization.retry': null, 'organization.submit': afterSubmit, 'organization.change': 'editing.ready' },
    'editing.incomplete': { 'organization.retry': null, 'organization.submit': afterSubmit, 'organization.change': 'editing.incomplete' },
    'editing.failed': { 'organization.retry': null, 'organization.submit': afterSubmit, 'organization.change': 'editing.failed' },
    saving: {
      'organization.retry': null,
      'organization.submit': null,
      'organization.change': null,
      'xstate.done.actor.saveOrganization': 'saved',
      'xstate.error.actor.saveOrganization': 'editing.failed',
    },
    saved: {},
  },
  states: {
    loading: ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context.countries).toEqual([])
      if (ignored) return
      expect(['xstate.init', 'organization.retry']).toContain(event.type)
    },
    loadFailed: (view) => {
      const { snapshot, event, ignored } = view
      notBusy(view)
      expect(snapshot.hasTag('error')).toBe(true)
      if (ignored) return
      expect(event.type).toBe('xstate.error.actor.loadCountries')
      expect(snapshot.context.error).toEqual(expectedFailure(offline))
    },
    'editing.ready': (view) => {
      const { snapshot, event, ignored } = view
      notBusy(view)
      expect(snapshot.hasTag('error')).toBe(false)
      // the country select and its dial codes are there
      expect(snapshot.context.countries).toEqual(countries)
      expect(snapshot.context.values).toBeNull()
      if (ignored) return
      expect(['xstate.done.actor.loadCountries', 'organization.change']).toContain(event.type)
    },
    'editing.incomplete': (view) => {
      const { snapshot, event, ignored } = view
      notBusy(view)
      expect(snapshot.hasTag('incomplete')).toBe(true)
      if (ignored) return
      if (event.type === 'organization.change') return
      expect(event.type).toBe('organization.submit')
      // nothing was sent: an empty name, no owner for a new organization, or no username for one's own
      const values = snapshot.context.values as OrganizationFormValues
      expect(values.name.trim() === '' || (creating(snapshot) && values.owner_user === '') || values.username?.trim() === '').toBe(true)
    },
    'editing.failed': (view) => {
      const { snapshot, event, previous, ignored } = view
      notBusy(view)
      expect(snapshot.hasTag('error')).toBe(true)
      if (ignored) return
      if (event.type === 'organization.change') {
        // the server's message next to the changed field goes, the others stay
        expect(snapshot.context.fieldErrors.name).toBeUndefined()
        expect(snapshot.context.error).toEqual(previous?.context.error)
        return
      }
      expect(event.type).toBe('xstate.error.actor.saveOrganization')
      const thrown = errorOf(event)
      if (thrown === fieldErrors) {
        expect(snapshot.context.fieldErrors).toEqual(fieldErrors.body)
        expect(snapshot.context.error).toBeNull()
      } else if (thrown === mixed) {
        expect(snapshot.context.fieldErrors).toEqual({ phone: ['Please input a phone'] })
        expect(snapshot.context.error).toEqual({ status: 400, body: { detail: 'Check the phone number.' } })
      } else {
        expect(snapshot.context.fieldErrors).toEqual({})
        expect(snapshot.context.error).toEqual(expectedFailure(thrown))
      }
      // what was typed is kept for another try
      expect(snapshot.context.values).toEqual(previous?.context.values)
    },
    saving: ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      if (ignored) return
      expect(event.type).toBe('organization.submit')
      expect(snapshot.context.error).toBeNull()
      const values = snapshot.context.values as OrganizationFormValues
      expect(values.name.trim()).not.toBe('')
      if (creating(snapshot)) expect(values.owner_user).toBe(complete.owner_user)
    },
    saved: ({ snapshot, event }) => {
      expect(snapshot.status).toBe('done')
      expect(event.type).toBe('xstate.done.actor.saveOrganization')
      expect(snapshot.output).toEqual({ outcome: 'saved', organization: saved })
    },
  },
})

modelTests(model)

describe('organizationFormMachine with actors', () => {
  it('loads the countries, then creates the organization with the values submitted', async () => {
    const calls: SaveOrganizationInput[] = []
    const machine = organizationFormMachine.provide({
      actors: {
        loadCountries: fromPromise<Country[]>(async () => countries),
        saveOrganization: fromPromise<Organization, SaveOrganizationInput>(async ({ input }) => {
          calls.push(input)
          return saved
        }),
      },
    })
    const actor = createActor(machine, { input: { organization: null } }).start()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(actor.getSnapshot().matches('editing')).toBe(true)
    actor.send({ type: 'organization.submit', values: complete })
    await expect(toPromise(actor)).resolves.toEqual({ outcome: 'saved', organization: saved })
    expect(calls).toEqual([{ organizationId: null, values: complete }])
  })

  it('saves an edited organization under its own id (the profile\'s edit dialog), without an owner', async () => {
    const calls: SaveOrganizationInput[] = []
    const machine = organizationFormMachine.provide({
      actors: {
        loadCountries: fromPromise<Country[]>(async () => countries),
        saveOrganization: fromPromise<Organization, SaveOrganizationInput>(async ({ input }) => {
          calls.push(input)
          return saved
        }),
      },
    })
    const actor = createActor(machine, { input: { organization: saved } }).start()
    await new Promise((resolve) => setTimeout(resolve, 0))
    const edited: OrganizationFormValues = { ...complete, city: 'Shelbyville', owner_user: null, is_verified: null }
    actor.send({ type: 'organization.submit', values: edited })
    await expect(toPromise(actor)).resolves.toEqual({ outcome: 'saved', organization: saved })
    expect(calls).toEqual([{ organizationId: saved.id, values: edited }])
  })

  /** A machine that loads the countries and whose save answers `save`, in its editing state. */
  const editingWith = async (save: () => Promise<Organization>, organization: Organization | null = null) => {
    const machine = organizationFormMachine.provide({
      actors: {
        loadCountries: fromPromise<Country[]>(async () => countries),
        saveOrganization: fromPromise<Organization, SaveOrganizationInput>(save),
      },
    })
    const actor = createActor(machine, { input: { organization } }).start()
    await new Promise((resolve) => setTimeout(resolve, 0))
    return actor
  }

  const every = (messages: unknown) =>
    Object.fromEntries(
      ['name', 'username', 'type', 'industry', 'address_1', 'address_2', 'city', 'state', 'postal_code', 'country', 'phone', 'timezone', 'owner_user', 'is_verified', 'invitations_per_day'].map((field) => [field, messages]),
    )

  it.each([
    ['every field of the form gets its own messages, the panel none', every(['Check this.']), every(['Check this.']), null],
    ['a field keeps only its messages that are text', { name: ['Too long.', 3, null] }, { name: ['Too long.'] }, null],
    ['a field answered with text, not a list, goes to the panel', { name: 'Too long.' }, {}, { name: 'Too long.' }],
    ['a field with no message goes to the panel', { name: [] }, {}, { name: [] }],
    ['a key that is no field of the form goes to the panel', { non_field_errors: ['Duplicate.'] }, {}, { non_field_errors: ['Duplicate.'] }],
    ['a refusal with nothing in it is the panel, empty', {}, {}, {}],
  ] as const)('sorts a refusal: %s', async (_, body, fields, panel) => {
    const actor = await editingWith(() => Promise.reject(apiFailure(400, body as Record<string, unknown>)))
    actor.send({ type: 'organization.submit', values: complete })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(actor.getSnapshot().matches({ editing: 'failed' })).toBe(true)
    expect(actor.getSnapshot().context.fieldErrors).toEqual(fields)
    expect(actor.getSnapshot().context.error).toEqual(panel === null ? null : { status: 400, body: panel })
  })

  it('creates an organization without an owner where the form has none (onboarding: the person is its owner)', async () => {
    const actor = await editingWith(async () => saved)
    const own: OrganizationFormValues = { ...complete, owner_user: null, is_verified: null, username: 'springfield' }
    actor.send({ type: 'organization.submit', values: own })
    await expect(toPromise(actor)).resolves.toEqual({ outcome: 'saved', organization: saved })
  })

  it('refuses a creation whose owner is only spaces, and saves an edit whose owner field is empty', async () => {
    const creation = await editingWith(async () => saved)
    creation.send({ type: 'organization.submit', values: { ...complete, owner_user: '   ' } })
    expect(creation.getSnapshot().matches({ editing: 'incomplete' })).toBe(true)
    const edit = await editingWith(async () => saved, saved)
    edit.send({ type: 'organization.submit', values: noOwner })
    await expect(toPromise(edit)).resolves.toEqual({ outcome: 'saved', organization: saved })
  })
})
