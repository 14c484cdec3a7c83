import { assign, fromPromise, setup } from 'xstate'
import type { OnboardingInput, OnboardingOrganization, OnboardingOutput, OnboardingRole, Organization, UploadLogoInput } from './types'

/**
 * The onboarding of a signed-in person without an organization (spec §2 Onboarding and start-learning,
 * §4 "after the first sign-in onboarding is shown, only if the user has no organizations"), in the
 * fuller reading of the spec: welcome, then a role among school admin, company admin, teacher and
 * student.
 * - A school or company admin fills in the creation dialog (the organization form, with its own flow,
 *   machines/organization-form.ts); the organization is made unverified with the person as its admin,
 *   then the setup steps follow: create a class (only once classes can be made: until then the step
 *   is left out rather than faked), invite teachers, invite students, each one skippable.
 * - A teacher is asked for an organization invitation code: with one, the join page; without, a page
 *   that explains how to ask their admin, and the way to the start-learning screen.
 * - A student gets the start-learning screen (the app's link, and the join page for a code).
 * The page's address names an organization whose setup is under way, so a reload resumes there.
 */

export interface OnboardingContext {
  role: OnboardingRole | null
  /** The organization made here (or resumed), null before. */
  organization: OnboardingOrganization | null
  /** The logo chosen in the creation dialog, uploaded once the organization exists (null without one). */
  logo: Blob | null
  classesAvailable: boolean
  /** Invitations sent from the setup steps, for the progress shown. */
  invitedTeachers: number
  invitedStudents: number
}

export type OnboardingEvent =
  | { type: 'onboarding.start' }
  | { type: 'onboarding.back' }
  | { type: 'onboarding.pickRole'; role: OnboardingRole }
  | { type: 'onboarding.created'; organization: OnboardingOrganization; logo: Blob | null }
  | { type: 'onboarding.openInvite' }
  | { type: 'onboarding.invited'; count: number }
  | { type: 'onboarding.closeInvite' }
  | { type: 'onboarding.next' }
  | { type: 'onboarding.skip' }
  | { type: 'onboarding.hasCode' }
  | { type: 'onboarding.noCode' }
  | { type: 'onboarding.learn' }

export const onboardingMachine = setup({
  types: {
    context: {} as OnboardingContext,
    tags: {} as 'busy',
    events: {} as OnboardingEvent,
    input: {} as OnboardingInput,
    output: {} as OnboardingOutput,
  },
  actors: {
    /** PUT /v1/organizations/{id}/logo/ */
    uploadLogo: fromPromise<Organization, UploadLogoInput>(async () => {
      throw new Error('not provided: uploadLogo')
    }),
  },
  guards: {
    hasLogo: (_, params: { logo: Blob | null }) => params.logo !== null,
    isResumingSetup: ({ context }) => context.organization !== null,
    canCreateClasses: ({ context }) => context.classesAvailable,
    isOrganizationAdmin: (_, params: { role: OnboardingRole }) => params.role === 'schoolAdmin' || params.role === 'companyAdmin',
    isTeacher: (_, params: { role: OnboardingRole }) => params.role === 'teacher',
    hasInvitedTeachers: ({ context }) => context.invitedTeachers > 0,
    hasInvitedStudents: ({ context }) => context.invitedStudents > 0,
  },
  actions: {
    assignRole: assign((_, params: { role: OnboardingRole }) => ({ role: params.role })),
    assignOrganization: assign((_, params: { organization: OnboardingOrganization; logo: Blob | null }) => ({
      organization: params.organization,
      logo: params.logo,
    })),
    /** Warning toast: the logo could not be uploaded (it can be added from the profile page). */
    warnLogoFailed: () => {},
    /** The app names the organization in the address (a reload resumes its setup) and reloads the session's organizations. */
    rememberOrganization: (_, _params: { organization: OnboardingOrganization }) => {},
    countTeachers: assign(({ context }, params: { count: number }) => ({ invitedTeachers: context.invitedTeachers + params.count })),
    countStudents: assign(({ context }, params: { count: number }) => ({ invitedStudents: context.invitedStudents + params.count })),
  },
}).createMachine({
  id: 'onboarding',
  description: 'A person without an organization finds their way: create one, join one, or start learning.',
  context: ({ input }) => ({
    role: null,
    organization: input.organization,
    logo: null,
    classesAvailable: input.classesAvailable,
    invitedTeachers: 0,
    invitedStudents: 0,
  }),
  initial: 'starting',
  output: ({ event }) => event.output as OnboardingOutput,
  states: {
    starting: {
      description: 'A setup under way resumes; anybody else is welcomed.',
      always: [{ guard: 'isResumingSetup', target: 'settingUp' }, { target: 'welcome' }],
    },
    welcome: {
      description: 'Welcome: the person is greeted by name and asked to begin.',
      on: { 'onboarding.start': { description: 'Get started.', target: 'pickingRole' } },
    },
    pickingRole: {
      description: 'Who are you? School admin, company admin, teacher or student.',
      on: {
        'onboarding.pickRole': [
          {
            description: 'A school or company admin: the creation dialog.',
            guard: { type: 'isOrganizationAdmin', params: ({ event }) => ({ role: event.role }) },
            target: 'creatingOrganization',
            actions: { type: 'assignRole', params: ({ event }) => ({ role: event.role }) },
          },
          {
            description: 'A teacher: the invitation code question.',
            guard: { type: 'isTeacher', params: ({ event }) => ({ role: event.role }) },
            target: 'askingForCode',
            actions: { type: 'assignRole', params: ({ event }) => ({ role: event.role }) },
          },
          {
            description: 'A student: the start-learning screen.',
            target: 'startLearning',
            actions: { type: 'assignRole', params: ({ event }) => ({ role: event.role }) },
          },
        ],
        'onboarding.back': { description: 'Back to the welcome.', target: 'welcome' },
      },
    },
    creatingOrganization: {
      description:
        'The school or company creation dialog (every field of §5, username, logo). It is made unverified, with the person as its admin.',
      on: {
        'onboarding.created': [
          {
            description: 'The organization is made, and a logo was chosen: it is uploaded first.',
            guard: { type: 'hasLogo', params: ({ event }) => ({ logo: event.logo }) },
            target: 'uploadingLogo',
            actions: { type: 'assignOrganization', params: ({ event }) => ({ organization: event.organization, logo: event.logo }) },
          },
          {
            description: 'The organization is made: its setup steps follow.',
            target: 'settingUp',
            actions: [
              { type: 'assignOrganization', params: ({ event }) => ({ organization: event.organization, logo: null }) },
              { type: 'rememberOrganization', params: ({ event }) => ({ organization: event.organization }) },
            ],
          },
        ],
        'onboarding.back': { description: 'Cancel: back to the role choice.', target: 'pickingRole' },
      },
    },
    uploadingLogo: {
      description: 'The logo chosen in the creation dialog is uploaded to the new organization.',
      tags: ['busy'],
      invoke: {
        id: 'uploadLogo',
        src: 'uploadLogo',
        input: ({ context }) => ({ organizationId: context.organization?.id ?? 0, file: context.logo as Blob }),
        onDone: {
          description: 'Uploaded: the setup steps follow.',
          target: 'settingUp',
          actions: { type: 'rememberOrganization', params: ({ context }) => ({ organization: context.organization as OnboardingOrganization }) },
        },
        onError: {
          description: 'Not uploaded: a warning (it can be added from the profile page), and the setup steps all the same.',
          target: 'settingUp',
          actions: [
            'warnLogoFailed',
            { type: 'rememberOrganization', params: ({ context }) => ({ organization: context.organization as OnboardingOrganization }) },
          ],
        },
      },
    },
    settingUp: {
      description: 'The setup steps of the new organization, each skippable, with the progress shown.',
      initial: 'choosingFirstStep',
      states: {
        choosingFirstStep: {
          description: 'The create-a-class step only once classes can be made.',
          always: [{ guard: 'canCreateClasses', target: 'createClass' }, { target: 'inviteTeachers' }],
        },
        createClass: {
          description: 'Create a class (the class wizard).',
          on: {
            'onboarding.next': { description: 'A class was created: next step.', target: 'inviteTeachers' },
            'onboarding.skip': { description: 'Skip: next step.', target: 'inviteTeachers' },
          },
        },
        inviteTeachers: {
          description: 'Invite teachers (leaders in a company) by e-mail.',
          initial: 'idle',
          on: {
            'onboarding.next': {
              description: 'Continue once somebody was invited.',
              guard: 'hasInvitedTeachers',
              target: 'inviteStudents',
            },
            'onboarding.skip': { description: 'Skip for now.', target: 'inviteStudents' },
          },
          states: {
            idle: {
              on: { 'onboarding.openInvite': { description: 'Open the invite-by-e-mail dialog.', target: 'inviting' } },
            },
            inviting: {
              description: 'The invite-by-e-mail dialog, with the teacher role chosen.',
              on: {
                'onboarding.invited': {
                  description: 'The invitations went out; the dialog closes.',
                  target: 'idle',
                  actions: { type: 'countTeachers', params: ({ event }) => ({ count: event.count }) },
                },
                'onboarding.closeInvite': { description: 'Closed without inviting.', target: 'idle' },
              },
            },
          },
        },
        inviteStudents: {
          description: 'Invite students (employees in a company) by e-mail.',
          initial: 'idle',
          on: {
            'onboarding.next': {
              description: 'Continue once somebody was invited.',
              guard: 'hasInvitedStudents',
              target: '#onboarding.finished',
            },
            'onboarding.skip': { description: 'Skip for now.', target: '#onboarding.finished' },
          },
          states: {
            idle: {
              on: { 'onboarding.openInvite': { description: 'Open the invite-by-e-mail dialog.', target: 'inviting' } },
            },
            inviting: {
              description: 'The invite-by-e-mail dialog, with the student role chosen.',
              on: {
                'onboarding.invited': {
                  description: 'The invitations went out; the dialog closes.',
                  target: 'idle',
                  actions: { type: 'countStudents', params: ({ event }) => ({ count: event.count }) },
                },
                'onboarding.closeInvite': { description: 'Closed without inviting.', target: 'idle' },
              },
            },
          },
        },
      },
    },
    askingForCode: {
      description: 'Do you have an organization invitation code?',
      on: {
        'onboarding.hasCode': { description: 'Yes: the join page, as a teacher.', target: 'toJoin' },
        'onboarding.noCode': { description: 'No: how to ask the admin.', target: 'askAdmin' },
        'onboarding.back': { description: 'Back to the role choice.', target: 'pickingRole' },
      },
    },
    askAdmin: {
      description: 'How a teacher asks their admin for an invitation or the code; meanwhile the app.',
      on: {
        'onboarding.hasCode': { description: 'The code has come: the join page.', target: 'toJoin' },
        'onboarding.learn': { description: 'Meanwhile, the start-learning screen.', target: 'startLearning' },
        'onboarding.back': { description: 'Back to the code question.', target: 'askingForCode' },
      },
    },
    startLearning: {
      description: "The start-learning screen: the app's link by e-mail or text message, and a link to enter an invitation code.",
      on: { 'onboarding.back': { description: 'Back to the role choice.', target: 'pickingRole' } },
    },
    toJoin: {
      description: 'Go to the join page, as a teacher (/join?role=teacher).',
      type: 'final',
      output: { outcome: 'join', path: '/join?role=teacher' },
    },
    finished: {
      description: 'The setup is done: go to the organization.',
      type: 'final',
      output: ({ context }) => ({ outcome: 'organization', organizationId: context.organization?.id ?? 0 }),
    },
  },
})
