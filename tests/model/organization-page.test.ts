import { expect } from 'vitest'
import { organizationPageMachine } from '../../machines/organization-page'
import type { Organization } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests } from './harness'
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

modelTests(
  buildModel({
    name: 'organizationPageMachine',
    machine: organizationPageMachine,
    inputs: { 'organization 7': { organizationId: 7 } },
    events: () => events,
    simplePaths: true,
    states: {
      loading: ({ snapshot, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.context.error).toBeNull()
        if (!ignored) expect(snapshot.children.loadOrganization).toBeDefined()
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
        expect(errorOf(event)).toBe(notFound)
        // the platform admin's route goes back to /admin
        expect(actions).toContain('leaveMissing')
      },
    },
  }),
)
