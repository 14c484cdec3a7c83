import { expect } from 'vitest'
import { emailInviteMachine } from '../../machines/email-invite'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof emailInviteMachine
type View = StepView<M>

const invite = { emails: ['grace@example.com', 'alan@example.com'], role: 'teacher' as const }
const refused = apiFailure(400, { emails: ['Enter a valid email address.'] })

const events: ModelEvent<M>[] = [
  { type: 'invite.send', invite },
  done('inviteByEmail', { renewed: [] }),
  done('inviteByEmail', { renewed: ['alan@example.com'] }),
  failed('inviteByEmail', refused),
  failed('inviteByEmail', new TypeError('Failed to fetch')),
]

modelTests(
  buildModel({
    name: 'emailInviteMachine',
    machine: emailInviteMachine,
    inputs: { 'organization 7': { organizationId: 7 } },
    events: () => events,
    simplePaths: true,
    // spec: the dialog sends once at a time; a refusal reopens it with the message; sent closes it
    edges: {
      editing: { 'invite.send': 'sending' },
      sending: { 'invite.send': null, 'xstate.done.actor.inviteByEmail': 'sent', 'xstate.error.actor.inviteByEmail': 'editing' },
      sent: {},
    },
    states: {
      editing: ({ snapshot, event, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(false)
        if (ignored || event.type === 'xstate.init') return
        // a refusal keeps the dialog open with its message
        expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      },
      sending: ({ snapshot }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.context.invite).toEqual(invite)
        expect(snapshot.context.error).toBeNull()
        expect(inputOf(snapshot.children.inviteByEmail)).toEqual({ organizationId: 7, emails: invite.emails, role: 'teacher' })
      },
      sent: ({ snapshot, event, params }: View) => {
        expect(snapshot.status).toBe('done')
        // an address mailed today already is renewed, not mailed: the count says the mails sent
        const renewed = event.type === 'xstate.done.actor.inviteByEmail' ? (event.output as { renewed: string[] }).renewed.length : 0
        expect(params.announceSent).toEqual({ count: 2 - renewed, renewed })
      },
    },
  }),
)
