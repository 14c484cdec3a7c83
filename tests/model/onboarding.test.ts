import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { onboardingMachine } from '../../machines/onboarding'
import type { OnboardingOrganization } from '../../machines/types'
import { buildModel, done, failed, modelTests, type ModelEvent, type StepView } from './harness'

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

/** One round of invitations per step: every further one only adds to a count (and the graph would not end). */
const eventsIn = (snapshot: View['snapshot']) =>
  events.filter(
    (event) =>
      event.type !== 'onboarding.invited' ||
      (snapshot.matches({ settingUp: 'inviteTeachers' }) ? snapshot.context.invitedTeachers === 0 : snapshot.context.invitedStudents === 0),
  )

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
    new: { organization: null, classesAvailable: false },
    'new, classes available': { organization: null, classesAvailable: true },
    resumed: { organization: school, classesAvailable: false },
  },
  events: eventsIn,
  noErrorPanel: 'a failed photo upload only warns; the setup goes on and shows no error panel',
  simplePaths: {
    // the two admin roles lead to the same steps: the company one by the shortest paths
    events: (snapshot) => eventsIn(snapshot).filter((event) => !(event.type === 'onboarding.pickRole' && event.role === 'companyAdmin')),
    bound: 'simple paths with the school admin; the company admin by the shortest paths',
  },
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
  it('does not continue from an invite step before anybody was invited (skip does)', () => {
    const actor = createActor(onboardingMachine, { input: { organization: school, classesAvailable: false } }).start()
    actor.send({ type: 'onboarding.next' })
    expect(actor.getSnapshot().matches({ settingUp: 'inviteTeachers' })).toBe(true)
    actor.send({ type: 'onboarding.skip' })
    expect(actor.getSnapshot().matches({ settingUp: 'inviteStudents' })).toBe(true)
  })
})
