import { expect } from 'vitest'
import { memberProfileMachine } from '../../machines/member-profile'
import type { OrganizationUser } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof memberProfileMachine
type View = StepView<M>

const member: OrganizationUser = {
  id: 3, first_name: 'Ana', last_name: 'Souza', email: 'ana@example.com', username: 'ana', phone_code: null, phone_number: null, photo_url: null, roles: ['admin'], joined_at: '2026-01-01T00:00:00Z', is_active: true, department: null, title: null, groups_count: 0, users_groups_count: 0,
}
const changes = { first_name: 'Ana', last_name: 'Lima', roles: ['teacher' as const] }
const saved = { ...member, ...changes }
const disabled = { ...member, is_active: false }
const soleAdmin = apiFailure(409, { code: 'sole_admin', detail: 'Cannot remove the only admin of an organization.' })
const notMember = apiFailure(404, { detail: 'Not found.' })

const events: ModelEvent<M>[] = [
  { type: 'member.edit' },
  { type: 'member.save', changes },
  { type: 'member.cancel' },
  { type: 'member.retry' },
  { type: 'member.changed', member: disabled },
  done('loadMember', member),
  failed('loadMember', notMember),
  done('saveMember', saved),
  failed('saveMember', soleAdmin),
]

modelTests(
  buildModel({
    name: 'memberProfileMachine',
    machine: memberProfileMachine,
    inputs: { 'member 3 of 7': { organizationId: 7, userId: 3 } },
    events: () => events,
    simplePaths: true,
    states: {
      loading: ({ snapshot }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.context.error).toBeNull()
      },
      ready: ({ snapshot, event, params, ignored }: View) => {
        expect(snapshot.context.error).toBeNull()
        if (ignored) return
        if (event.type === 'xstate.done.actor.saveMember') {
          expect(snapshot.context.member).toEqual(saved)
          expect(params).toHaveProperty('announceSaved')
        } else if (event.type === 'member.changed') expect(snapshot.context.member).toEqual(disabled)
        else expect(snapshot.context.member).not.toBeNull()
      },
      editing: ({ snapshot, event, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(false)
        if (ignored) return
        if (event.type === 'member.edit') expect(snapshot.context.error).toBeNull()
        // the only admin keeps the admin role: the dialog shows why
        else expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      },
      saving: ({ snapshot }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.context.changes).toEqual(changes)
      },
      failed: ({ snapshot }: View) => {
        expect(snapshot.hasTag('error')).toBe(true)
        expect(snapshot.context.error).toEqual(notMember)
      },
    },
  }),
)
