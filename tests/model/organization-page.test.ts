import { expect, it } from 'vitest'
import { organizationPageMachine } from '../../machines/organization-page'
import type { Organization } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof organizationPageMachine
type View = StepView<M>

const organization = { id: 7, name: 'Springfield High', type: 'school', status: 'active', is_verified: true } as Organization
const notFound = apiFailure(404, { detail: 'Not found.' })
const serverDown = apiFailure(500, { detail: 'Internal error' })

const events: ModelEvent<M>[] = [
  { type: 'organization.reload' },
  { type: 'organization.retry' },
  done('loadOrganization', organization),
  failed('loadOrganization', notFound),
  failed('loadOrganization', serverDown),
  failed('loadOrganization', new TypeError('Failed to fetch')),
]

// the machine's id names the flow in the flow gallery and the inspector
it('is the organizationPage flow', () => expect(organizationPageMachine.id).toBe('organizationPage'))

modelTests(
  buildModel({
    name: 'organizationPageMachine',
    machine: organizationPageMachine,
    inputs: { 'organization 7': { organizationId: 7 } },
    events: () => events,
    simplePaths: true,
    // spec §2: the organization is loaded first; one that cannot be found ends the page (the platform
    // admin goes back to /admin); the profile view asks for a reload after an edit
    edges: {
      loading: {
        'organization.reload': null,
        'organization.retry': null,
        'xstate.done.actor.loadOrganization': 'ready',
        'xstate.error.actor.loadOrganization': (event) => ((errorOf(event) as { status?: number }).status === 404 ? 'missing' : 'failed'),
      },
      ready: { 'organization.reload': 'loading', 'organization.retry': null },
      failed: { 'organization.reload': null, 'organization.retry': 'loading' },
      missing: {},
    },
    states: {
      loading: ({ snapshot, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.context.error).toBeNull()
        if (!ignored) expect(inputOf(snapshot.children.loadOrganization)).toEqual({ organizationId: 7 })
      },
      ready: ({ snapshot, params, ignored }: View) => {
        expect(snapshot.context.organization).toEqual(organization)
        expect(snapshot.context.error).toBeNull()
        // the top navigation learns the name of what was loaded
        if (!ignored) expect(params.announceLoaded).toEqual({ organization })
      },
      failed: ({ snapshot, event, ignored }: View) => {
        expect(snapshot.hasTag('error')).toBe(true)
        expect(snapshot.context.error?.status).not.toBe(404)
        if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      },
      missing: ({ snapshot, event, actions }: View) => {
        expect(snapshot.status).toBe('done')
        expect(snapshot.hasTag('error')).toBe(true)
        expect(errorOf(event)).toBe(notFound)
        // the page says it was not found (for anybody but the platform admin, who leaves)
        expect(snapshot.context.error).toEqual(notFound)
        // the platform admin's route goes back to /admin
        expect(actions).toContain('leaveMissing')
      },
    },
  }),
)
