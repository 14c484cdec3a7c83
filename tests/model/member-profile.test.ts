import { expect, it } from 'vitest'
import { memberProfileMachine } from '../../machines/member-profile'
import type { OrganizationUser } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests } from './harness'
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

// the machine's id names the flow in the flow gallery and the inspector
it('is the memberProfile flow', () => expect(memberProfileMachine.id).toBe('memberProfile'))

modelTests(
  buildModel({
    name: 'memberProfileMachine',
    machine: memberProfileMachine,
    inputs: { 'member 3 of 7': { organizationId: 7, userId: 3 } },
    events: () => events,
    simplePaths: true,
    // spec §2 OrganizationUserProfile, §5: the member is loaded, then shown with an edit button; the
    // edit dialog saves names and roles or is cancelled; a refusal keeps the dialog open; a failed
    // load may be tried again
    edges: {
      loading: {
        'member.edit': null,
        'member.save': null,
        'member.cancel': null,
        'member.retry': null,
        'member.changed': null,
        'xstate.done.actor.loadMember': 'ready',
        'xstate.error.actor.loadMember': 'failed',
      },
      ready: { 'member.edit': 'editing', 'member.save': null, 'member.cancel': null, 'member.retry': null, 'member.changed': 'ready' },
      editing: { 'member.edit': null, 'member.save': 'saving', 'member.cancel': 'ready', 'member.retry': null, 'member.changed': null },
      saving: {
        'member.edit': null,
        'member.save': null,
        'member.cancel': null,
        'member.retry': null,
        'member.changed': null,
        'xstate.done.actor.saveMember': 'ready',
        'xstate.error.actor.saveMember': 'editing',
      },
      failed: { 'member.edit': null, 'member.save': null, 'member.cancel': null, 'member.retry': 'loading', 'member.changed': null },
    },
    states: {
      loading: ({ snapshot }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.context.error).toBeNull()
        expect(inputOf(snapshot.children.loadMember)).toEqual({ organizationId: 7, userId: 3 })
      },
      ready: ({ snapshot, event, params, ignored }: View) => {
        expect(snapshot.context.error).toBeNull()
        if (ignored) return
        if (event.type === 'xstate.done.actor.saveMember') {
          expect(snapshot.context.member).toEqual(saved)
          expect(params).toHaveProperty('announceSaved')
        } else if (event.type === 'member.changed') expect(snapshot.context.member).toEqual(disabled)
        else if (event.type === 'xstate.done.actor.loadMember') expect(snapshot.context.member).toEqual(member)
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
        // the names and roles of the dialog, for this member
        expect(inputOf(snapshot.children.saveMember)).toEqual({ organizationId: 7, userId: 3, changes })
      },
      failed: ({ snapshot }: View) => {
        expect(snapshot.hasTag('error')).toBe(true)
        expect(snapshot.context.error).toEqual(notMember)
      },
    },
  }),
)
