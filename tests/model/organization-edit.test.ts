import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { organizationEditMachine } from '../../machines/organization-edit'
import type { Organization, SaveOrganizationProfileInput } from '../../machines/types'
import { organization } from './fixtures'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests } from './harness'
import type { ModelEvent } from './harness'

type M = typeof organizationEditMachine

const body: SaveOrganizationProfileInput['body'] = {
  name: 'Acme Holdings',
  type: 'company',
  industry: 'consulting_services',
  address_1: '1 Main St',
  address_2: null,
  city: 'Springfield',
  state: 'OR',
  postal_code: '97477',
  country: 'US',
  phone: '+1 5415550100',
  timezone: 'America/Los_Angeles',
}
const saved: Organization = { ...organization, name: body.name }

const events: ModelEvent<M>[] = [
  { type: 'edit.save', body },
  done('saveOrganization', saved),
  failed('saveOrganization', apiFailure(400, { postal_code: ['Please pick a postcode'] })),
  failed('saveOrganization', new TypeError('Failed to fetch')),
]

const model = buildModel({
  name: 'organizationEditMachine',
  machine: organizationEditMachine,
  inputs: { '': { organizationId: organization.id } },
  events: () => events,
  simplePaths: true,
  states: {
    'editing.ready': ({ snapshot }) => {
      expect(snapshot.hasTag('busy')).toBe(false)
      expect(snapshot.hasTag('error')).toBe(false)
      expect(snapshot.context.error).toBeNull()
    },
    'editing.failed': ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('error')).toBe(true)
      if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
    },
    saving: ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context.error).toBeNull()
      if (!ignored) expect(event).toEqual({ type: 'edit.save', body })
    },
    saved: ({ snapshot, actions, params }) => {
      expect(snapshot.status).toBe('done')
      expect(actions).toEqual(['announceSaved'])
      expect(params.announceSaved).toEqual({ organization: saved })
    },
  },
})

modelTests(model)

describe('organizationEditMachine with actors', () => {
  it('sends the whole form for the organization', async () => {
    const calls: SaveOrganizationProfileInput[] = []
    const machine = organizationEditMachine.provide({
      actors: {
        saveOrganization: fromPromise<Organization, SaveOrganizationProfileInput>(async ({ input }) => {
          calls.push(input)
          return saved
        }),
      },
    })
    const actor = createActor(machine, { input: { organizationId: organization.id } }).start()
    actor.send({ type: 'edit.save', body })
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls).toEqual([{ organizationId: organization.id, body }])
  })
})
