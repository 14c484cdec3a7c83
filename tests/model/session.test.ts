import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { sessionMachine } from '../../machines/session'
import { defaultOrganizationId, membershipOf } from '../../machines/roles'
import type { LoadAccountInput, RestoredSession, SaveLanguageInput, Session, SessionTokenInput, User } from '../../machines/types'
import { newcomer, sessionOf, superuser, teacher, teacherWithdrawn } from './fixtures'
import { apiFailure, buildModel, done, errorOf, failed, modelTests } from './harness'
import type { ExpectedEdges, ModelEvent, StepView } from './harness'

type M = typeof sessionMachine
type View = StepView<M>

const restoredTeacher: RestoredSession = { token: 'saved-token', user: teacher, organizationId: 22 }
const expired = apiFailure(401, { detail: 'Session expired' })
const serverDown = apiFailure(500, { detail: 'Internal error' })
/** The teacher's account once Spanish (Mexico) is saved on it. */
const teacherInSpanish: User = { ...teacher, language: 'es-MX' }

const events: ModelEvent<M>[] = [
  done('restoreSession', null),
  done('restoreSession', restoredTeacher),
  failed('restoreSession', expired),
  failed('restoreSession', new TypeError('Failed to fetch')),
  failed('restoreSession', apiFailure(404, { detail: 'Not found' })),
  failed('restoreSession', serverDown),
  { type: 'session.login', session: sessionOf(teacher), user: teacher },
  { type: 'session.login', session: sessionOf(superuser), user: superuser },
  { type: 'session.logout' },
  { type: 'session.expired' },
  { type: 'session.warningSeen' },
  { type: 'session.userUpdated', user: teacherWithdrawn },
  { type: 'session.refresh' },
  { type: 'session.switchOrganization', organizationId: 11 },
  { type: 'session.switchOrganization', organizationId: 99 },
  { type: 'session.changeLanguage', language: 'es-MX' },
  { type: 'session.changeLanguage', language: 'en' },
  done('loadAccount', teacherWithdrawn),
  failed('loadAccount', expired),
  failed('loadAccount', serverDown),
  done('saveLanguage', teacherInSpanish),
  failed('saveLanguage', expired),
  failed('saveLanguage', serverDown),
  done('revokeSession', undefined),
  failed('revokeSession', serverDown),
  // another tab of the browser logs out, logs in anew, or stored the login this tab already has
  { type: 'session.loggedOutElsewhere' },
  { type: 'session.loggedInElsewhere', token: 'other-tab-token' },
  { type: 'session.loggedInElsewhere', token: sessionOf(teacher).token },
]

const simpleEvents = events.filter(
  (e) =>
    !(e.type === 'session.login' && e.user === superuser) &&
    e.type !== 'session.switchOrganization' &&
    e.type !== 'session.loggedOutElsewhere' &&
    e.type !== 'session.loggedInElsewhere' &&
    e.type !== 'session.userUpdated' &&
    e.type !== 'session.changeLanguage',
)

/** Where the session goes on a call's failure: 401 (spec §4: 'Session expired') ends it with the warning. */
const expiredOr = (otherwise: string) => (event: ModelEvent<M>) => (errorOf(event) === expired ? 'loggedOut.expired' : otherwise)
/** The events nobody may send while the session is restored or logged out (spec §4: logged in or out). */
const loggedInOnly = {
  'session.logout': null,
  'session.userUpdated': null,
  'session.refresh': null,
  'session.switchOrganization': null,
  'session.changeLanguage': null,
  'session.loggedOutElsewhere': null,
} as const

/**
 * Logged in, in any of its states (spec §2 user menu, §4 Session): a login replaces the session,
 * an update or another of the user's organizations changes it in place, another language is saved,
 * logout, expiry and another tab's logout or new login end it.
 */
const loggedIn = (state: string): ExpectedEdges<M>[string] => ({
  'session.login': 'loggedIn.ready',
  'session.userUpdated': state,
  'session.switchOrganization': (event, snapshot) => {
    const { organizationId } = event as { organizationId: number | null }
    const user = snapshot.context.user as User
    const mine = user.is_superuser || user.organizations.some((org) => org.id === organizationId)
    return organizationId !== snapshot.context.currentOrganizationId && mine ? state : null
  },
  'session.changeLanguage': (event, snapshot) =>
    state === 'loggedIn.savingLanguage' || (event as { language: string }).language !== snapshot.context.user?.language ? 'loggedIn.savingLanguage' : null,
  'session.logout': 'loggingOut',
  'session.expired': 'loggedOut.expired',
  'session.warningSeen': null,
  'session.loggedOutElsewhere': 'loggedOut.idle',
  'session.loggedInElsewhere': (event, snapshot) => ((event as { token: string }).token !== snapshot.context.token ? 'restoring' : null),
  'session.refresh': state === 'loggedIn.ready' ? 'loggedIn.refreshing' : null,
})

/** Logged out, with or without the expiry warning: a login, or another tab's, starts a session. */
const loggedOut = (warningSeen: string | null): ExpectedEdges<M>[string] => ({
  ...loggedInOnly,
  'session.login': 'loggedIn.ready',
  'session.loggedInElsewhere': 'restoring',
  'session.expired': null,
  'session.warningSeen': warningSeen,
})

const edges: ExpectedEdges<M> = {
  restoring: {
    ...loggedInOnly,
    'xstate.done.actor.restoreSession': (event) => ((event as { output: unknown }).output === null ? 'loggedOut.idle' : 'loggedIn.ready'),
    'xstate.error.actor.restoreSession': expiredOr('loggedOut.idle'),
    'session.login': null,
    'session.expired': 'loggedOut.expired',
    'session.warningSeen': null,
    'session.loggedInElsewhere': 'restoring',
  },
  'loggedIn.ready': loggedIn('loggedIn.ready'),
  'loggedIn.refreshing': {
    ...loggedIn('loggedIn.refreshing'),
    'xstate.done.actor.loadAccount': 'loggedIn.ready',
    'xstate.error.actor.loadAccount': expiredOr('loggedIn.ready'),
  },
  'loggedIn.savingLanguage': {
    ...loggedIn('loggedIn.savingLanguage'),
    'xstate.done.actor.saveLanguage': 'loggedIn.ready',
    'xstate.error.actor.saveLanguage': 'loggedIn.ready',
  },
  loggingOut: {
    ...loggedInOnly,
    'xstate.done.actor.revokeSession': 'loggedOut.idle',
    'xstate.error.actor.revokeSession': 'loggedOut.idle',
    'session.login': null,
    'session.expired': null,
    'session.warningSeen': null,
    'session.loggedInElsewhere': null,
  },
  'loggedOut.idle': loggedOut(null),
  'loggedOut.expired': loggedOut('loggedOut.idle'),
}

const loggedOutContext = { token: null, user: null, currentOrganizationId: null }

function expectLoggedIn(view: View) {
  const { snapshot } = view
  expect(snapshot.hasTag('authenticated')).toBe(true)
  expect(snapshot.context.token).toEqual(expect.any(String))
  const user = snapshot.context.user as User
  expect(user).not.toBeNull()
  // the current organization is one of the user's, or none; a platform admin may open any
  const current = snapshot.context.currentOrganizationId
  if (!user.is_superuser) {
    expect(current === null ? user.organizations.length === 0 : membershipOf(user, current) !== undefined).toBe(true)
  }
  expectLoggedInEffect(view)
}

/** What each way into (or within) loggedIn does to the session and which side effects it asks for. */
function expectLoggedInEffect({ snapshot, event, previous, actions, ignored }: View) {
  if (ignored) return
  switch (event.type) {
    case 'session.login':
      // the token and user id are stored; the first organization is current, none for a platform admin
      expect(snapshot.context.token).toBe(event.session.token)
      expect(snapshot.context.user).toBe(event.user)
      expect(snapshot.context.currentOrganizationId).toBe(defaultOrganizationId(event.user))
      expect(actions).toEqual(['persistSession', 'persistOrganization'])
      break
    case 'xstate.done.actor.restoreSession': {
      const restored = event.output as RestoredSession
      expect(snapshot.context.token).toBe(restored.token)
      expect(snapshot.context.user).toBe(restored.user)
      // the stored organization is kept while the user still belongs to it
      expect(snapshot.context.currentOrganizationId).toBe(restored.organizationId)
      expect(actions).toEqual(['persistOrganization'])
      break
    }
    case 'session.userUpdated':
    case 'xstate.done.actor.loadAccount':
    case 'xstate.done.actor.saveLanguage': {
      // a reload and a saved language both answer with the whole account
      const user = event.type === 'session.userUpdated' ? event.user : (event.output as User)
      expect(snapshot.context.user).toBe(user)
      expect(snapshot.context.token).toBe(previous?.context.token)
      // the current organization stays while the user belongs to it, else the first one is current
      const before = previous?.context.currentOrganizationId ?? null
      const stays = user.is_superuser || membershipOf(user, before) !== undefined
      expect(snapshot.context.currentOrganizationId).toBe(stays ? before : defaultOrganizationId(user))
      expect(actions).toEqual(['persistOrganization'])
      break
    }
    case 'session.switchOrganization': {
      // another organization of theirs becomes current and the data areas of the last one are emptied
      const user = previous?.context.user as User
      const allowed =
        (user.is_superuser || membershipOf(user, event.organizationId) !== undefined) &&
        event.organizationId !== previous?.context.currentOrganizationId
      expect(snapshot.context.currentOrganizationId).toBe(allowed ? event.organizationId : previous?.context.currentOrganizationId)
      expect(actions).toEqual(allowed ? ['persistOrganization', 'resetDataAreas'] : [])
      break
    }
    case 'session.refresh':
    case 'xstate.error.actor.loadAccount':
      // reloading keeps showing the last account; a failed reload keeps it
      expect(snapshot.context).toEqual(previous?.context)
      expect(actions).toEqual([])
      break
    case 'session.changeLanguage':
      // the account keeps its language until the server has saved the new one
      expect(snapshot.context).toEqual(previous?.context)
      expect(actions).toEqual([])
      break
    case 'xstate.error.actor.saveLanguage':
      // not saved (a 401 has already ended the session as session.expired): the account keeps its old language
      expect(snapshot.context).toEqual(previous?.context)
      expect(actions).toEqual([])
      break
    default:
      throw new Error(`unexpected way into ${JSON.stringify(snapshot.value)}: ${event.type}`)
  }
}

function expectLoggedOut({ snapshot }: View) {
  expect(snapshot.hasTag('authenticated')).toBe(false)
  expect(snapshot.context).toEqual(loggedOutContext)
}

/** The input the invoked saveLanguage actor was created with (created, never run, by the replay). */
const saveLanguageInput = (snapshot: View['snapshot']): SaveLanguageInput | undefined =>
  (snapshot.children.saveLanguage as unknown as { options: { input: SaveLanguageInput } } | undefined)?.options.input

const model = buildModel({
  name: 'sessionMachine',
  machine: sessionMachine,
  events: () => events,
  noErrorPanel: 'a failed session call logs out or keeps the session; no error panel shows what it threw',
  edges,
  simplePaths: {
    // With every event the graph has 30 vertices and simple paths run into the millions (each
    // user, token and organization combination is a vertex, and login/logout cycles join them).
    events: () => simpleEvents,
    bound:
      'one user logs in and neither switches organization, changes language nor follows another tab; the shortest paths take every event',
  },
  states: {
    restoring: ({ snapshot, event, previous, actions }) => {
      // nothing but the restore's answer, an expiry or another tab's login moves on from here
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.hasTag('authenticated')).toBe(false)
      expect(snapshot.context).toEqual(loggedOutContext)
      if (event.type !== 'session.loggedInElsewhere') {
        expect(actions).toEqual([])
        return
      }
      // another tab logged in: what is stored now is restored; the last user's data goes first
      expect(event.token).not.toBe(previous?.context.token)
      expect(actions).toEqual(previous?.hasTag('authenticated') ? ['resetDataAreas'] : [])
    },
    'loggedIn.ready': (view) => {
      expectLoggedIn(view)
      expect(view.snapshot.hasTag('busy')).toBe(false)
    },
    'loggedIn.refreshing': (view) => {
      expectLoggedIn(view)
      expect(view.snapshot.hasTag('busy')).toBe(true)
    },
    'loggedIn.savingLanguage': (view) => {
      expectLoggedIn(view)
      const { snapshot, event, previous } = view
      expect(snapshot.hasTag('busy')).toBe(true)
      if (event.type !== 'session.changeLanguage') return
      // the picked language is saved for this user with this session's token
      expect(saveLanguageInput(snapshot)).toEqual({
        sessionToken: snapshot.context.token,
        userId: snapshot.context.user?.id,
        language: event.language,
      })
      // the account's own language is saved only over another pick that is still being saved
      if (event.language === previous?.context.user?.language) expect(previous?.matches({ loggedIn: 'savingLanguage' })).toBe(true)
    },
    loggingOut: ({ snapshot, previous, actions }) => {
      // an expiry while logging out changes nothing: the logout goes on
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.hasTag('authenticated')).toBe(false)
      // the token is still there to revoke it
      expect(snapshot.context).toEqual(previous?.context)
      expect(actions).toEqual([])
    },
    'loggedOut.idle': (view) => {
      expectLoggedOut(view)
      const { event, actions, ignored } = view
      if (ignored) return
      switch (event.type) {
        case 'xstate.done.actor.revokeSession':
        case 'xstate.error.actor.revokeSession':
          expect(actions).toEqual(['clearStorage', 'resetDataAreas'])
          break
        case 'xstate.error.actor.restoreSession': {
          // only a refusal forgets the saved login; an unreachable or failing server, or a page being left, keeps it
          const status = (event.error as { status?: number }).status
          expect(actions).toEqual(status === 403 || status === 404 ? ['clearStorage'] : [])
          break
        }
        case 'session.loggedOutElsewhere':
          // the other tab has emptied the storage already; no warning, it was a logout
          expect(actions).toEqual(['resetDataAreas'])
          break
        case 'xstate.done.actor.restoreSession':
        case 'session.warningSeen':
          expect(actions).toEqual([])
          break
        default:
          throw new Error(`unexpected way into loggedOut.idle: ${event.type}`)
      }
    },
    'loggedOut.expired': (view) => {
      expectLoggedOut(view)
      // the warning is raised once, on the way in; a second expiry is ignored
      if (view.ignored) return
      expect(view.actions).toEqual(['clearStorage', 'resetDataAreas', 'warnSessionExpired'])
    },
  },
})

modelTests(model)

describe('sessionMachine with actors', () => {
  it('restores a saved login, reloads the account, switches organization and logs out', async () => {
    const persisted: (number | null)[] = []
    const cleared = vi.fn()
    const reset = vi.fn()
    const revoked: string[] = []
    const machine = sessionMachine.provide({
      actors: {
        restoreSession: fromPromise<RestoredSession | null>(async () => restoredTeacher),
        loadAccount: fromPromise<User, LoadAccountInput>(async ({ input }) => {
          expect(input).toEqual({ sessionToken: 'saved-token', userId: teacher.id })
          return teacherWithdrawn
        }),
        revokeSession: fromPromise<void, SessionTokenInput>(async ({ input }) => {
          revoked.push(input.sessionToken)
        }),
      },
      actions: {
        persistOrganization: (_, params) => void persisted.push(params.organizationId),
        clearStorage: cleared,
        resetDataAreas: reset,
      },
    })
    const actor = createActor(machine).start()
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }))
    expect(actor.getSnapshot().context.currentOrganizationId).toBe(22)

    actor.send({ type: 'session.switchOrganization', organizationId: 11 })
    expect(actor.getSnapshot().context.currentOrganizationId).toBe(11)
    // the company's lists go with the switch
    expect(reset).toHaveBeenCalledOnce()

    actor.send({ type: 'session.refresh' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }))
    // withdrawn from the school: the company becomes current
    expect(actor.getSnapshot().context.user).toBe(teacherWithdrawn)
    expect(actor.getSnapshot().context.currentOrganizationId).toBe(22)
    expect(persisted).toEqual([22, 11, 22])

    actor.send({ type: 'session.logout' })
    await waitFor(actor, (s) => s.matches({ loggedOut: 'idle' }))
    expect(revoked).toEqual(['saved-token'])
    expect(cleared).toHaveBeenCalledOnce()
    expect(reset).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(false)
    actor.stop()
  })

  it('saves a changed interface language on the account, the latest pick winning', async () => {
    const saves: SaveLanguageInput[] = []
    const answers: { resolve: (user: User) => void; reject: (error: unknown) => void }[] = []
    const machine = sessionMachine.provide({
      actors: {
        restoreSession: fromPromise<RestoredSession | null>(async () => restoredTeacher),
        saveLanguage: fromPromise<User, SaveLanguageInput>(({ input }) => {
          saves.push(input)
          return new Promise<User>((resolve, reject) => answers.push({ resolve, reject }))
        }),
      },
    })
    const actor = createActor(machine).start()
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }))

    // the account's own language: nothing to save
    actor.send({ type: 'session.changeLanguage', language: 'en' })
    expect(actor.getSnapshot().matches({ loggedIn: 'ready' })).toBe(true)

    // Japanese, then Spanish before the first save answers: only the second one counts
    actor.send({ type: 'session.changeLanguage', language: 'ja' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    actor.send({ type: 'session.changeLanguage', language: 'es-MX' })
    expect(saves).toEqual([
      { sessionToken: 'saved-token', userId: teacher.id, language: 'ja' },
      { sessionToken: 'saved-token', userId: teacher.id, language: 'es-MX' },
    ])
    answers[0]?.resolve({ ...teacher, language: 'ja' })
    answers[1]?.resolve(teacherInSpanish)
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }))
    expect(actor.getSnapshot().context.user).toBe(teacherInSpanish)

    // a failed save leaves the account as it was
    actor.send({ type: 'session.changeLanguage', language: 'th' })
    answers[2]?.reject(serverDown)
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }))
    expect(actor.getSnapshot().context.user).toBe(teacherInSpanish)
    expect(saves).toHaveLength(3)
    actor.stop()
  })

  it('follows a logout and a login in another tab of the browser', async () => {
    const stored: (RestoredSession | null)[] = [restoredTeacher]
    const warned = vi.fn()
    const machine = sessionMachine.provide({
      actors: { restoreSession: fromPromise<RestoredSession | null>(async () => stored.at(-1) ?? null) },
      actions: { warnSessionExpired: warned },
    })
    const actor = createActor(machine).start()
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }))

    // the same login stored again changes nothing
    actor.send({ type: 'session.loggedInElsewhere', token: 'saved-token' })
    expect(actor.getSnapshot().matches({ loggedIn: 'ready' })).toBe(true)

    // a logout there: logged out here too, without the expiry warning
    actor.send({ type: 'session.loggedOutElsewhere' })
    expect(actor.getSnapshot().matches({ loggedOut: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context).toEqual(loggedOutContext)
    expect(warned).not.toHaveBeenCalled()

    // somebody logs in there: this tab restores that login
    stored.push({ token: 'token-2', user: superuser, organizationId: null })
    actor.send({ type: 'session.loggedInElsewhere', token: 'token-2' })
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }))
    expect(actor.getSnapshot().context).toEqual({ token: 'token-2', user: superuser, currentOrganizationId: null })
    actor.stop()
  })

  it('logs in, then a 401 anywhere ends the session with one warning', async () => {
    const stored: Session[] = []
    const warned = vi.fn()
    const machine = sessionMachine.provide({
      actors: { restoreSession: fromPromise<RestoredSession | null>(async () => null) },
      actions: {
        persistSession: (_, params) => void stored.push(params.session),
        warnSessionExpired: warned,
      },
    })
    const actor = createActor(machine).start()
    await waitFor(actor, (s) => s.matches({ loggedOut: 'idle' }))
    actor.send({ type: 'session.login', session: sessionOf(superuser), user: superuser })
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true)
    expect(actor.getSnapshot().context.currentOrganizationId).toBeNull()
    expect(stored).toEqual([sessionOf(superuser)])

    actor.send({ type: 'session.expired' })
    actor.send({ type: 'session.expired' })
    expect(actor.getSnapshot().matches({ loggedOut: 'expired' })).toBe(true)
    expect(warned).toHaveBeenCalledOnce()
    actor.send({ type: 'session.warningSeen' })
    expect(actor.getSnapshot().matches({ loggedOut: 'idle' })).toBe(true)
    actor.stop()
  })
})

describe('sessionMachine: what it keeps and stores', () => {
  /** A machine whose restore answers `restored` (or throws it), recording what it stores. */
  const recording = (restore: () => Promise<RestoredSession | null>) => {
    const stored: { session?: Session; organizationId?: number | null }[] = []
    const cleared = vi.fn()
    const restores = vi.fn(restore)
    const machine = sessionMachine.provide({
      actors: {
        restoreSession: fromPromise<RestoredSession | null>(restores),
        saveLanguage: fromPromise<User, SaveLanguageInput>(async ({ input }) => ({ ...teacher, language: input.language })),
      },
      actions: {
        persistSession: (_, params) => void stored.push({ session: params.session }),
        persistOrganization: (_, params) => void stored.push({ organizationId: params.organizationId }),
        clearStorage: cleared,
      },
    })
    return { machine, stored, cleared, restores }
  }

  it.each([
    ['a platform admin keeps the organization they had open', { token: 't', user: superuser, organizationId: 7 }, 7],
    ['a member keeps an organization of theirs', { token: 't', user: teacher, organizationId: 22 }, 22],
    ['an organization no longer theirs gives way to their first', { token: 't', user: teacher, organizationId: 99 }, 11],
    ['nothing open: their first', { token: 't', user: teacher, organizationId: null }, 11],
    ['a person of no organization has none', { token: 't', user: newcomer, organizationId: 5 }, null],
  ] as const)('a restored login: %s', async (_, restored, current) => {
    const { machine, stored } = recording(async () => restored)
    const actor = createActor(machine).start()
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }))
    expect(actor.getSnapshot().context.currentOrganizationId).toBe(current)
    expect(stored).toEqual([{ organizationId: current }])
    actor.stop()
  })

  it.each([
    ['a 401 is an expired session: the saved login is forgotten', expired, { loggedOut: 'expired' }, true],
    ['a 403 refuses the saved login for good', apiFailure(403, {}), { loggedOut: 'idle' }, true],
    ['a 404 too', apiFailure(404, {}), { loggedOut: 'idle' }, true],
    ['a server error keeps the saved login for the next start', serverDown, { loggedOut: 'idle' }, false],
    ['a status that is not a number is no status', { status: '401', body: {} }, { loggedOut: 'idle' }, false],
    ['a dropped connection keeps it', new TypeError('Failed to fetch'), { loggedOut: 'idle' }, false],
    ['null thrown keeps it', null, { loggedOut: 'idle' }, false],
    ['a string thrown keeps it', 'Session expired', { loggedOut: 'idle' }, false],
  ] as const)('a failed restore: %s', async (_, thrown, state, forgotten) => {
    const { machine, cleared } = recording(() => Promise.reject(thrown))
    const actor = createActor(machine).start()
    await waitFor(actor, (s) => s.matches(state))
    expect(cleared).toHaveBeenCalledTimes(forgotten ? 1 : 0)
    actor.stop()
  })

  it('another tab logging in during a restore starts the restore again', async () => {
    let answer: (restored: RestoredSession | null) => void = () => {}
    const { machine, restores } = recording(() => new Promise((resolve) => (answer = resolve)))
    const actor = createActor(machine).start()
    actor.send({ type: 'session.loggedInElsewhere', token: 'token-2' })
    expect(restores).toHaveBeenCalledTimes(2)
    answer(restoredTeacher)
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }))
    actor.stop()
  })

  it('stores the login and the current organization at each change that makes them', async () => {
    const { machine, stored } = recording(async () => null)
    const actor = createActor(machine).start()
    await waitFor(actor, (s) => s.matches({ loggedOut: 'idle' }))
    actor.send({ type: 'session.login', session: sessionOf(teacher), user: teacher })
    expect(stored).toEqual([{ session: sessionOf(teacher) }, { organizationId: 11 }])

    // another login replaces this one
    actor.send({ type: 'session.login', session: sessionOf(teacherWithdrawn, 'token-9'), user: teacherWithdrawn })
    expect(stored.slice(2)).toEqual([{ session: sessionOf(teacherWithdrawn, 'token-9') }, { organizationId: 22 }])

    // the account changed: withdrawn from the company, the school becomes current
    actor.send({ type: 'session.userUpdated', user: { ...teacher, organizations: [teacher.organizations[0]!] } })
    expect(stored.slice(4)).toEqual([{ organizationId: 11 }])

    // a language saved on the account (which answers with both organizations again): the school stays
    actor.send({ type: 'session.changeLanguage', language: 'ja' })
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }) && s.context.user?.language === 'ja')
    expect(stored.slice(5)).toEqual([{ organizationId: 11 }])
    actor.stop()
  })

  it('switches only to an organization of the person, never to none', async () => {
    const { machine } = recording(async () => restoredTeacher)
    const actor = createActor(machine).start()
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }))
    actor.send({ type: 'session.switchOrganization', organizationId: 99 })
    expect(actor.getSnapshot().context.currentOrganizationId).toBe(22)
    actor.send({ type: 'session.switchOrganization', organizationId: null })
    expect(actor.getSnapshot().context.currentOrganizationId).toBe(22)
    actor.send({ type: 'session.switchOrganization', organizationId: 11 })
    expect(actor.getSnapshot().context.currentOrganizationId).toBe(11)
    actor.stop()
  })
})
