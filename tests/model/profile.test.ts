import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { PHOTO_MAX_BYTES, profileMachine } from '../../machines/profile'
import type { ChangePasswordInput, ProfileChanges, User } from '../../machines/types'
import { teacher, teacherWithdrawn, fileOfSize } from './fixtures'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests, fileSizeBoundTests } from './harness'
import type { ExpectedEdges, ModelEvent, StepView } from './harness'

type M = typeof profileMachine
type View = StepView<M>

// A File serializes to {}: the graph tells events apart by their JSON, so each file carries its name.
const file = (parts: BlobPart[], name: string, type: string): File => Object.assign(new File(parts, name, { type }), { label: name })
const png = file([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', 'image/png')
const svg = file(['<svg/>'], 'me.svg', 'image/svg+xml')
const huge = file([new Uint8Array(PHOTO_MAX_BYTES + 1)], 'huge.jpg', 'image/jpeg')

const names: ProfileChanges = { first_name: 'Ana', last_name: 'King', username: null, phone_code: '+1', phone_number: '5551234', email: teacher.email }
const newEmail: ProfileChanges = { ...names, email: 'ana.new@example.com', current_password: 'a fine passphrase' }
const renamed: User = { ...teacher, last_name: 'King', phone_code: '+1', phone_number: '5551234' }
const changingEmail: User = { ...teacher, unconfirmed_email: 'ana.new@example.com' }
const withPhoto: User = { ...teacher, photo_url: '/v1/accounts/1/photo/abc123' }

const events: ModelEvent<M>[] = [
  { type: 'profile.edit' },
  { type: 'profile.save', changes: names },
  { type: 'profile.save', changes: newEmail },
  { type: 'profile.close' },
  { type: 'password.edit' },
  { type: 'password.save', change: { current_password: 'a fine passphrase', new_password: 'violet tandem orchard' } },
  { type: 'account.delete' },
  { type: 'account.confirmDelete', password: 'a fine passphrase' },
  { type: 'account.changed', account: teacherWithdrawn },
  { type: 'email.resend' },
  { type: 'photo.choose', file: png },
  { type: 'photo.choose', file: svg },
  { type: 'photo.choose', file: huge },
  { type: 'photo.remove' },
  done('saveProfile', renamed),
  done('saveProfile', changingEmail),
  failed('saveProfile', apiFailure(400, { current_password: ['The current password is not right.'] })),
  done('changePassword', teacher),
  failed('changePassword', apiFailure(400, { current_password: ['The current password is not right.'] })),
  done('deleteAccount', undefined),
  failed('deleteAccount', apiFailure(409, { detail: 'Cannot remove the only admin of an organization.', code: 'sole_admin' })),
  done('resendConfirmation', { detail: 'sent' }),
  failed('resendConfirmation', apiFailure(429, { detail: 'Too many attempts' })),
  done('uploadPhoto', withPhoto),
  failed('uploadPhoto', apiFailure(415, { detail: 'File type is not allowed' })),
  done('removePhoto', teacher),
  failed('removePhoto', new TypeError('Failed to fetch')),
]

const OUTPUT_OF: Record<string, User> = {
  'xstate.done.actor.saveProfile': renamed,
  'xstate.done.actor.changePassword': teacher,
  'xstate.done.actor.uploadPhoto': withPhoto,
  'xstate.done.actor.removePhoto': teacher,
}

const dialog = ({ snapshot, event, ignored }: View) => {
  expect(snapshot.hasTag('busy')).toBe(false)
  expect(snapshot.status).toBe('active')
  // a refusal comes back into the dialog that sent it
  if (!ignored && event.type.startsWith('xstate.error.actor.')) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
  else if (!ignored) expect(snapshot.context.error).toBeNull()
}

const busy = ({ snapshot }: View) => {
  expect(snapshot.hasTag('busy')).toBe(true)
  expect(snapshot.context.error).toBeNull()
  expect(snapshot.context.rejection).toBeNull()
}

const userEvents = [
  'profile.edit', 'profile.save', 'profile.close', 'password.edit', 'password.save', 'account.delete',
  'account.confirmDelete', 'account.changed', 'email.resend', 'photo.choose', 'photo.remove',
]
/** The user events a state takes, where they lead; every other one is refused. */
const takes = (rules: ExpectedEdges<M>[string]): ExpectedEdges<M>[string] => ({ ...Object.fromEntries(userEvents.map((type) => [type, null])), ...rules })
/** The page's edges, the same in each of its states (spec §2 Profile: each action opens its dialog). */
const page = takes({
  'profile.edit': 'editing',
  'password.edit': 'password',
  'account.delete': 'deleting',
  'account.changed': 'viewing.ready',
  'email.resend': 'resending',
  // §5 avatar: JPEG, PNG or GIF only; the contract's 2 MB limit
  'photo.choose': (event) => ((event as { file: File }).file === png ? 'uploadingPhoto' : 'viewing.rejected'),
  'photo.remove': 'removingPhoto',
})

const model = buildModel({
  name: 'profileMachine',
  machine: profileMachine,
  inputs: { teacher: { account: teacher }, 'changing e-mail': { account: changingEmail } },
  events: () => events,
  simplePaths: { skip: 'ten dialogs and actors over three photo files: too many simple paths; shortest paths and their one-step extensions cover every transition' },
  // spec §2 Profile, §4 E-mail unconfirmed: one dialog at a time, each saved or closed; a refusal keeps
  // its dialog open; a new e-mail opens the confirm-new-email dialog; a deleted account ends the flow
  edges: {
    'viewing.ready': page,
    'viewing.rejected': page,
    'viewing.failed': page,
    editing: takes({ 'profile.save': 'saving', 'profile.close': 'viewing.ready' }),
    saving: takes({
      'xstate.done.actor.saveProfile': (event) => ((event as { output: User }).output.unconfirmed_email !== null ? 'emailSent' : 'viewing.ready'),
      'xstate.error.actor.saveProfile': 'editing',
    }),
    emailSent: takes({ 'profile.close': 'viewing.ready' }),
    password: takes({ 'password.save': 'savingPassword', 'profile.close': 'viewing.ready' }),
    savingPassword: takes({ 'xstate.done.actor.changePassword': 'viewing.ready', 'xstate.error.actor.changePassword': 'password' }),
    deleting: takes({ 'account.confirmDelete': 'deletingAccount', 'profile.close': 'viewing.ready' }),
    deletingAccount: takes({ 'xstate.done.actor.deleteAccount': 'deleted', 'xstate.error.actor.deleteAccount': 'deleting' }),
    resending: takes({ 'xstate.done.actor.resendConfirmation': 'viewing.ready', 'xstate.error.actor.resendConfirmation': 'viewing.failed' }),
    uploadingPhoto: takes({ 'xstate.done.actor.uploadPhoto': 'viewing.ready', 'xstate.error.actor.uploadPhoto': 'viewing.failed' }),
    removingPhoto: takes({ 'xstate.done.actor.removePhoto': 'viewing.ready', 'xstate.error.actor.removePhoto': 'viewing.failed' }),
    deleted: {},
  },
  states: {
    'viewing.ready': ({ snapshot, event, actions, params, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(false)
      expect(snapshot.hasTag('error')).toBe(false)
      if (ignored || event.type === 'xstate.init') return
      const output = OUTPUT_OF[event.type]
      if (output) {
        expect(snapshot.context.account).toEqual(output)
        expect(params.announceAccount).toEqual({ account: output })
      }
      if (event.type === 'xstate.done.actor.saveProfile') expect(actions).toContain('announceSaved')
      if (event.type === 'xstate.done.actor.changePassword') expect(actions).toContain('announcePasswordChanged')
      if (event.type === 'xstate.done.actor.resendConfirmation') expect(actions).toEqual(['announceResent'])
      if (event.type === 'account.changed') expect(snapshot.context.account).toEqual(teacherWithdrawn)
      if (event.type === 'profile.close') expect(actions).toEqual([])
    },
    'viewing.rejected': ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.context.error).toBeNull()
      if (ignored) return
      if (event.type !== 'photo.choose') throw new Error(`unexpected way into rejected: ${event.type}`)
      // refused in the browser: nothing was sent
      expect(snapshot.context.rejection).toBe(event.file === svg ? 'type' : 'size')
      expect(snapshot.children).toEqual({})
    },
    'viewing.failed': ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.context.rejection).toBeNull()
      if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
    },
    editing: dialog,
    password: dialog,
    deleting: dialog,
    emailSent: ({ snapshot, actions, params, ignored }) => {
      expect(snapshot.context.account.unconfirmed_email).toBe('ana.new@example.com')
      if (ignored) return
      // the account shows the address waiting for confirmation; no "saved" toast but the dialog
      expect(params.announceAccount).toEqual({ account: changingEmail })
      expect(actions).not.toContain('announceSaved')
    },
    saving: (view) => {
      busy(view)
      if (!view.ignored) expect(view.event.type).toBe('profile.save')
    },
    savingPassword: busy,
    deletingAccount: busy,
    resending: (view) => {
      busy(view)
      expect(view.snapshot.context.account.unconfirmed_email ?? view.snapshot.context.account.email).toBeTruthy()
    },
    uploadingPhoto: (view) => {
      busy(view)
      if (!view.ignored) expect(view.event).toEqual({ type: 'photo.choose', file: png })
    },
    removingPhoto: busy,
    deleted: ({ snapshot, actions }) => {
      expect(snapshot.status).toBe('done')
      expect(actions).toEqual(['announceDeleted'])
    },
  },
})

modelTests(model)

describe('profileMachine with actors', () => {
  it('resends the confirmation to the unconfirmed address, and sends the password change as typed', async () => {
    const sent: unknown[] = []
    const changes: ChangePasswordInput[] = []
    const machine = profileMachine.provide({
      actors: {
        resendConfirmation: fromPromise(async ({ input }) => {
          sent.push(input)
          return {}
        }),
        changePassword: fromPromise<User, ChangePasswordInput>(async ({ input }) => {
          changes.push(input)
          return teacher
        }),
      },
    })
    const actor = createActor(machine, { input: { account: changingEmail } }).start()
    actor.send({ type: 'email.resend' })
    await waitFor(actor, (s) => s.matches({ viewing: 'ready' }))
    expect(sent).toEqual([{ email: 'ana.new@example.com' }])
    actor.send({ type: 'password.edit' })
    actor.send({ type: 'password.save', change: { new_password: 'violet tandem orchard', confirm_new_password: 'violet tandem orchard' } })
    await waitFor(actor, (s) => s.matches({ viewing: 'ready' }))
    expect(changes).toEqual([{ userId: teacher.id, change: { new_password: 'violet tandem orchard', confirm_new_password: 'violet tandem orchard' } }])
  })
})

fileSizeBoundTests('profileMachine', profileMachine, { account: teacher }, PHOTO_MAX_BYTES, (file) => ({ type: 'photo.choose', file }), (bytes) => fileOfSize(bytes, 'photo.png', 'image/png'))
