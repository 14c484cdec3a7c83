import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { onboardingMachine } from '../../machines/onboarding'
import type { OnboardingOrganization } from '../../machines/types'
import { buildModel, done, failed, inputOf, modelTests, snapshotAfter, stateKey, type ExpectedEdges, type ModelEvent, type StepView } from './harness'

type M = typeof onboardingMachine
type View = StepView<M>

const school: OnboardingOrganization = { id: 7, name: 'Springfield Elementary', type: 'school' }
const logo = new Blob(['GIF89a'], { type: 'image/gif' })

const events: ModelEvent<M>[] = [
  { type: 'onboarding.start' },
  { type: 'onboarding.back' },
  { type: 'onboarding.pickRole', role: 'schoolAdmin' },
  { type: 'onboarding.pickRole', role: 'companyAdmin' },
  { type: 'onboarding.pickRole', role: 'teacher' },
  { type: 'onboarding.pickRole', role: 'student' },
  { type: 'onboarding.created', organization: school, logo: null },
  { type: 'onboarding.created', organization: school, logo },
  done('uploadLogo', { id: 7 }),
  failed('uploadLogo', new TypeError('Failed to fetch')),
  { type: 'onboarding.openInvite' },
  { type: 'onboarding.invited', count: 2 },
  { type: 'onboarding.closeInvite' },
  { type: 'onboarding.next' },
  { type: 'onboarding.skip' },
  { type: 'onboarding.hasCode' },
  { type: 'onboarding.noCode' },
  { type: 'onboarding.learn' },
]

const firstStep = (snapshot: View['snapshot']) => (snapshot.context.classesAvailable ? 'settingUp.createClass' : 'settingUp.inviteTeachers.idle')

/** The invite steps: skip always goes on, next only once somebody was invited; the dialog opens and closes. */
const inviteStep = (invited: (snapshot: View['snapshot']) => number, onward: string) => ({
  idle: {
    'onboarding.openInvite': (_: unknown, snapshot: View['snapshot']) => `${stepOf(snapshot)}.inviting`,
    'onboarding.next': (_: unknown, snapshot: View['snapshot']) => (invited(snapshot) > 0 ? onward : null),
    'onboarding.skip': onward,
    'onboarding.invited': null,
    'onboarding.closeInvite': null,
    'onboarding.back': null,
  },
  inviting: {
    'onboarding.invited': (_: unknown, snapshot: View['snapshot']) => `${stepOf(snapshot)}.idle`,
    'onboarding.closeInvite': (_: unknown, snapshot: View['snapshot']) => `${stepOf(snapshot)}.idle`,
    'onboarding.openInvite': null,
    'onboarding.next': (_: unknown, snapshot: View['snapshot']) => (invited(snapshot) > 0 ? onward : null),
    'onboarding.skip': onward,
    'onboarding.back': null,
  },
})
const stepOf = (snapshot: View['snapshot']) => (snapshot.matches({ settingUp: 'inviteTeachers' }) ? 'settingUp.inviteTeachers' : 'settingUp.inviteStudents')
const teachersStep = inviteStep((snapshot) => snapshot.context.invitedTeachers, 'settingUp.inviteStudents.idle')
const studentsStep = inviteStep((snapshot) => snapshot.context.invitedStudents, 'finished')

/**
 * Spec §2 Onboarding and start-learning, §4: welcome, a role, then the creation dialog and the
 * setup steps (admins), the code question (teachers) or the start-learning screen (students).
 * Each state lists the events it must take and those it must refuse; only these are tried there.
 */
const edges: ExpectedEdges<M> = {
  welcome: { 'onboarding.start': 'pickingRole', 'onboarding.back': null, 'onboarding.pickRole': null },
  pickingRole: {
    'onboarding.pickRole': (event) => {
      const role = (event as { role: string }).role
      return role === 'schoolAdmin' || role === 'companyAdmin' ? 'creatingOrganization' : role === 'teacher' ? 'askingForCode' : 'startLearning'
    },
    'onboarding.back': 'welcome',
    'onboarding.start': null,
    'onboarding.created': null,
  },
  creatingOrganization: {
    'onboarding.created': (event, snapshot) => ((event as { logo: Blob | null }).logo !== null ? 'uploadingLogo' : firstStep(snapshot)),
    'onboarding.back': 'pickingRole',
    'onboarding.pickRole': null,
    'onboarding.next': null,
  },
  uploadingLogo: {
    // a logo that could not be uploaded only warns: the setup goes on
    'xstate.done.actor.uploadLogo': (_, snapshot) => firstStep(snapshot),
    'xstate.error.actor.uploadLogo': (_, snapshot) => firstStep(snapshot),
    'onboarding.back': null,
    'onboarding.created': null,
    'onboarding.next': null,
  },
  'settingUp.createClass': {
    'onboarding.next': 'settingUp.inviteTeachers.idle',
    'onboarding.skip': 'settingUp.inviteTeachers.idle',
    'onboarding.back': null,
    'onboarding.openInvite': null,
  },
  'settingUp.inviteTeachers.idle': teachersStep.idle,
  'settingUp.inviteTeachers.inviting': teachersStep.inviting,
  'settingUp.inviteStudents.idle': studentsStep.idle,
  'settingUp.inviteStudents.inviting': studentsStep.inviting,
  askingForCode: {
    'onboarding.hasCode': 'toJoin',
    'onboarding.noCode': 'askAdmin',
    'onboarding.back': 'pickingRole',
    'onboarding.learn': null,
    'onboarding.next': null,
  },
  askAdmin: {
    'onboarding.hasCode': 'toJoin',
    'onboarding.learn': 'startLearning',
    'onboarding.back': 'askingForCode',
    'onboarding.noCode': null,
  },
  startLearning: { 'onboarding.back': 'pickingRole', 'onboarding.learn': null, 'onboarding.hasCode': null, 'onboarding.start': null },
  toJoin: {},
  finished: {},
}

/**
 * The events tried in a state: those its edges name (one round of invitations per step: every
 * further one only adds to a count, and the graph would not end).
 */
const eventsIn = (snapshot: View['snapshot']) => {
  const written = edges[stateKey(snapshot.value)] ?? {}
  return events.filter(
    (event) =>
      event.type in written &&
      (event.type !== 'onboarding.invited' ||
        (snapshot.matches({ settingUp: 'inviteTeachers' }) ? snapshot.context.invitedTeachers === 0 : snapshot.context.invitedStudents === 0)),
  )
}

const nothingChosen = ({ snapshot }: View) => {
  expect(snapshot.context.organization).toBeNull()
  expect(snapshot.context.invitedTeachers + snapshot.context.invitedStudents).toBe(0)
}

/** In a setup step: the organization is known; the progress counts only what was really sent. */
const settingUp = ({ snapshot }: View) => {
  expect(snapshot.context.organization).toEqual(school)
  expect(snapshot.status).toBe('active')
}

const model = buildModel({
  name: 'onboardingMachine',
  machine: onboardingMachine,
  inputs: {
    // without classes a new organization's setup starts where a resumed one does (inviteTeachers)
    'new, classes available': { organization: null, classesAvailable: true },
    resumed: { organization: school, classesAvailable: false },
  },
  events: eventsIn,
  noErrorPanel: 'a failed photo upload only warns; the setup goes on and shows no error panel',
  simplePaths: {
    skip: 'the shortest paths, each followed by every event its last state answers, take every step; the simple paths only took them again in other orders',
  },
  edges,
  states: {
    welcome: (view) => {
      nothingChosen(view)
      if (!view.ignored && view.event.type !== 'xstate.init') expect(view.event.type).toBe('onboarding.back')
    },
    pickingRole: nothingChosen,
    creatingOrganization: (view) => {
      nothingChosen(view)
      expect(['schoolAdmin', 'companyAdmin']).toContain(view.snapshot.context.role)
    },
    uploadingLogo: ({ snapshot }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(inputOf(snapshot.children.uploadLogo)).toEqual({ organizationId: school.id, file: logo })
      expect(snapshot.context.organization).toEqual(school)
      expect(snapshot.context.logo).toBe(logo)
    },
    'settingUp.createClass': (view) => {
      settingUp(view)
      expect(view.snapshot.context.classesAvailable).toBe(true)
    },
    'settingUp.inviteTeachers.idle': (view) => {
      settingUp(view)
      const { event, actions, params, ignored, snapshot } = view
      if (ignored) return
      // the organization is named in the address once it is made (after its logo, when one was chosen)
      if (event.type === 'onboarding.created' || event.type.startsWith('xstate.done.actor.uploadLogo') || event.type.startsWith('xstate.error.actor.uploadLogo')) {
        expect(actions).toContain('rememberOrganization')
        expect(params.rememberOrganization).toEqual({ organization: school })
      }
      if (event.type === 'xstate.error.actor.uploadLogo') expect(actions).toContain('warnLogoFailed')
      // the class step only when classes can be made
      if (event.type === 'xstate.init') expect(snapshot.context.classesAvailable).toBe(false)
      if (event.type === 'onboarding.invited') expect(snapshot.context.invitedTeachers).toBe(2)
    },
    'settingUp.inviteTeachers.inviting': settingUp,
    'settingUp.inviteStudents.idle': (view) => {
      settingUp(view)
      if (!view.ignored && view.event.type === 'onboarding.next') expect(view.snapshot.context.invitedTeachers).toBeGreaterThan(0)
      if (!view.ignored && view.event.type === 'onboarding.invited') expect(view.snapshot.context.invitedStudents).toBe(2)
    },
    'settingUp.inviteStudents.inviting': settingUp,
    askingForCode: (view) => expect(view.snapshot.context.role).toBe('teacher'),
    askAdmin: (view) => expect(view.snapshot.context.role).toBe('teacher'),
    startLearning: (view) => expect(['student', 'teacher']).toContain(view.snapshot.context.role),
    toJoin: ({ snapshot }) => {
      expect(snapshot.status).toBe('done')
      expect(snapshot.output).toEqual({ outcome: 'join', path: '/join?role=teacher' })
    },
    finished: ({ snapshot, event }) => {
      expect(snapshot.status).toBe('done')
      expect(snapshot.output).toEqual({ outcome: 'organization', organizationId: 7 })
      if (event.type === 'onboarding.next') expect(snapshot.context.invitedStudents).toBeGreaterThan(0)
    },
  },
})

modelTests(model)

describe('onboardingMachine', () => {
  it.each([
    ['teachers', 'settingUp.inviteStudents.idle'],
    ['students', 'finished'],
  ])('goes on from inviting %s after one invitation, not after none', (_, onward) => {
    const toStep = onward === 'finished' ? [{ type: 'onboarding.skip' } as const] : []
    for (const [count, reached] of [
      [0, onward === 'finished' ? 'settingUp.inviteStudents.idle' : 'settingUp.inviteTeachers.idle'],
      [1, onward],
    ] as const) {
      const snapshot = snapshotAfter(onboardingMachine, { organization: school, classesAvailable: false }, [
        ...toStep,
        { type: 'onboarding.openInvite' },
        { type: 'onboarding.invited', count },
        { type: 'onboarding.next' },
      ])
      expect(stateKey(snapshot.value)).toBe(reached)
    }
  })

  it('adds up the invitations of each step', () => {
    const invite = (count: number) => [{ type: 'onboarding.openInvite' }, { type: 'onboarding.invited', count }] as const
    const snapshot = snapshotAfter(onboardingMachine, { organization: school, classesAvailable: false }, [
      ...invite(2),
      ...invite(3),
      { type: 'onboarding.next' },
      ...invite(4),
    ])
    expect(snapshot.context).toMatchObject({ invitedTeachers: 5, invitedStudents: 4 })
  })

  it('is named onboarding in the flow gallery and the Stately editor', () => {
    expect(onboardingMachine.id).toBe('onboarding')
  })


  it('does not continue from an invite step before anybody was invited (skip does)', () => {
    const actor = createActor(onboardingMachine, { input: { organization: school, classesAvailable: false } }).start()
    actor.send({ type: 'onboarding.next' })
    expect(actor.getSnapshot().matches({ settingUp: 'inviteTeachers' })).toBe(true)
    actor.send({ type: 'onboarding.skip' })
    expect(actor.getSnapshot().matches({ settingUp: 'inviteStudents' })).toBe(true)
  })
})
