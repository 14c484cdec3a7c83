import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, toPromise } from 'xstate'
import { inviteTokenMachine } from '../../machines/invite-token'
import { decodeInvite, encodeInvite } from '../../src/app/invite-link'
import type { InvitePayload, TokenInput, ValidatedInvitation } from '../../machines/types'
import { base64, base64url, inviteForNewcomer, inviteForTeacher } from './fixtures'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests, snapshotAfter } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof inviteTokenMachine
type View = StepView<M>

/** A link for a newcomer, to an organization whose name needs UTF-8. */
const newcomerLink: InvitePayload = { ...inviteForNewcomer, organization_name: 'Escola Sól' }

/** ?invite= values that are not an invitation: they hold no token to check. */
const damaged = {
  'not base64': 'not base64 at all!',
  'base64 of plain text': Buffer.from('hello there', 'utf8').toString('base64'),
  'a JSON list': base64url(['inv-1', 'ana@example.com']),
  'no token': base64url({ organization_name: 'Colegio Azul', email: 'ana@example.com', new_user: false }),
  'empty token': base64url({ ...inviteForTeacher, token: '' }),
  empty: '',
}

/** What the server says: the truth for new_user and the e-mail, whatever the link says. */
const serverNewUser: ValidatedInvitation = { ...inviteForNewcomer, organization_name: 'Escola Sól', role: 'student', organization_type: 'school' }
const serverExistingUser: ValidatedInvitation = { ...inviteForTeacher, email: 'ana@example.com', role: 'teacher', organization_type: 'company' }
const notValid = apiFailure(404, { detail: 'Invitation is expired or not valid' })

const events: ModelEvent<M>[] = [
  done('validateInvitation', serverNewUser),
  done('validateInvitation', serverExistingUser),
  failed('validateInvitation', notValid),
  failed('validateInvitation', new TypeError('Failed to fetch')),
]

const finished = ({ snapshot, actions }: View, expectedActions: string[]) => {
  expect(snapshot.status).toBe('done')
  expect(snapshot.hasTag('busy')).toBe(false)
  expect(actions).toEqual(expectedActions)
}

const model = buildModel({
  name: 'inviteTokenMachine',
  machine: inviteTokenMachine,
  inputs: {
    'the token of a mailed link /invite/<token>': { token: inviteForNewcomer.token },
    'a damaged ?invite= value (no token)': { token: '' },
  },
  events: () => events,
  simplePaths: true,
  // spec §2 invite-token check: valid with new_user opens sign-up, valid for an existing user
  // pre-fills the login, invalid (or unchecked) shows the error and goes to the plain login
  edges: {
    validating: {
      'xstate.done.actor.validateInvitation': (event) => ((event as { output: ValidatedInvitation }).output.new_user ? 'signUp' : 'existingUser'),
      'xstate.error.actor.validateInvitation': 'invalid',
    },
    signUp: {},
    existingUser: {},
    invalid: {},
  },
  states: {
    validating: ({ snapshot, event, actions }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.hasTag('error')).toBe(false)
      expect(event.type).toBe('xstate.init')
      // the link holds a token: it is what the server is asked about
      expect(snapshot.context.token).toBe(inviteForNewcomer.token)
      expect(actions).toEqual([])
    },
    signUp: (view) => {
      const { snapshot, event } = view
      finished(view, [])
      expect(event).toMatchObject({ type: 'xstate.done.actor.validateInvitation', output: serverNewUser })
      // the sign-up opens with the server's invitation (organization for the heading, e-mail)
      expect(snapshot.output).toEqual({ outcome: 'signUp', invite: serverNewUser })
    },
    existingUser: (view) => {
      const { snapshot, event } = view
      finished(view, [])
      expect(event).toMatchObject({ type: 'xstate.done.actor.validateInvitation', output: serverExistingUser })
      // the login is pre-filled with the e-mail the server has, not the one the link spells
      expect(snapshot.output).toEqual({ outcome: 'existingUser', invite: serverExistingUser, email: 'ana@example.com' })
    },
    invalid: (view) => {
      const { snapshot, event } = view
      // 'Invitation is expired or not valid', then the plain login page
      finished(view, ['notifyInvalidInvite', 'redirectToLogin'])
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.output).toEqual({ outcome: 'invalid' })
      if (event.type === 'xstate.init') {
        // a damaged link never reaches the server
        expect(snapshot.context.token).toBe('')
        expect(snapshot.context.error).toBeNull()
      } else {
        expect(event.type).toBe('xstate.error.actor.validateInvitation')
        expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      }
    },
  },
})

modelTests(model)

describe('decodeInvite', () => {
  it('reads base64url and padded base64 JSON, in UTF-8', () => {
    expect(decodeInvite(base64url(newcomerLink))).toEqual(newcomerLink)
    expect(decodeInvite(base64(newcomerLink))).toEqual(newcomerLink)
    expect(decodeInvite(` ${base64(inviteForTeacher)}\n`)).toEqual(inviteForTeacher)
  })

  it('is the inverse of encodeInvite, which keeps only the payload', () => {
    expect(decodeInvite(encodeInvite(newcomerLink))).toEqual(newcomerLink)
    expect(decodeInvite(encodeInvite(serverExistingUser))).toEqual({ ...inviteForTeacher, email: 'ana@example.com' })
    expect(encodeInvite(newcomerLink)).toMatch(/^[A-Za-z0-9_-]+$/)
  })

  it('refuses what is not an invitation', () => {
    for (const raw of Object.values(damaged)) expect(decodeInvite(raw)).toBeNull()
    expect(decodeInvite(base64url({ token: 'inv-1' }))).toBeNull()
    expect(decodeInvite(base64url(null))).toBeNull()
  })
})

describe('inviteTokenMachine', () => {
  it('asks the server about any token that is not empty, even one character or a space', () => {
    for (const token of ['a', ' ']) {
      const snapshot = snapshotAfter(inviteTokenMachine, { token }, [])
      expect(snapshot.value).toBe('validating')
      expect(inputOf(snapshot.children.validateInvitation)).toEqual({ token })
    }
  })

  it('is named inviteToken in the flow gallery and the Stately editor', () => {
    expect(inviteTokenMachine.id).toBe('inviteToken')
  })
})

describe('inviteTokenMachine with actors', () => {
  it('asks the server about the token of the link and opens the sign-up for a new user', async () => {
    const calls: TokenInput[] = []
    const machine = inviteTokenMachine.provide({
      actors: {
        validateInvitation: fromPromise<ValidatedInvitation, TokenInput>(async ({ input }) => {
          calls.push(input)
          return serverNewUser
        }),
      },
    })
    const actor = createActor(machine, { input: { token: newcomerLink.token } }).start()
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await expect(toPromise(actor)).resolves.toEqual({ outcome: 'signUp', invite: serverNewUser })
    expect(calls).toEqual([{ token: newcomerLink.token }])
  })

  it('reports an expired invitation and goes to the plain login', async () => {
    const effects: string[] = []
    const machine = inviteTokenMachine.provide({
      actors: {
        validateInvitation: fromPromise<ValidatedInvitation, TokenInput>(async () => {
          throw notValid
        }),
      },
      actions: {
        notifyInvalidInvite: () => void effects.push('toast: Invitation is expired or not valid'),
        redirectToLogin: () => void effects.push('navigate: /login'),
      },
    })
    const actor = createActor(machine, { input: { token: inviteForTeacher.token } }).start()
    await expect(toPromise(actor)).resolves.toEqual({ outcome: 'invalid' })
    expect(effects).toEqual(['toast: Invitation is expired or not valid', 'navigate: /login'])
  })
})
