/**
 * The class wizard (machines/class-wizard.ts) of a teacher, on /organization/{id}/classes/new: a
 * teacher owns the class and gives no teacher e-mail (§6). The address's step follows the machine
 * (`followAddress` lasts as long as the steps and is no outcome to wait for). What each actor outcome
 * stands for is arranged for real:
 * - saveClass (as createClass or saveDraft): done = the class or the draft is stored; 0 = the
 *   connection drops.
 * Not walked here: a draft opened from the class list (loading, loadFailed: tests/model and
 * class-wizard.spec.ts), the students' tags and their removal, and the file import of addresses
 * (`students.add`: the file-import flow, walked apart once it is one machine).
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { classWizardMachine } from '../../../../machines/class-wizard'
import type { ClassBeingBuilt, ClassGroup } from '../../../../machines/types'
import { createOrganization, organizationName, type Organization, type Person } from '../api'
import { apiFailure, done, failed, statusOf, type MachineUi } from '../machine-paths'
import { logIn, toast } from '../ui'
import { dropNext, memberOf } from './common'

const SAVE = /^\/v1\/groups\/\d+\/$/

interface WizardWorld {
  request: APIRequestContext
  organization: Organization
  teacher: Person
  /** The class name typed. */
  name: string
}

const newClass: ClassBeingBuilt = {
  id: null,
  key: 'the-key',
  className: '',
  startDate: '2026-01-01',
  endDate: '2026-01-31',
  teacher: '',
  goals: true,
  daysPractice: 5,
  minutesPractice: 10,
  takeAssessment: true,
  engagementDays: 3,
  users: [],
  consent: true,
  step: 'details',
}
const builtOf = (snapshot: { context: unknown }) => (snapshot.context as { built: ClassBeingBuilt }).built
const errorOf = (snapshot: { context: unknown }) => (snapshot.context as { error: unknown }).error
const question = (page: Page, name: string) => page.getByRole('alertdialog', { name }).or(page.getByRole('dialog', { name }))
const STEP_TITLES = { details: 'Details', goals: 'Goals', students: 'Add students', overview: 'Overview' } as const

/** The step on screen and in the address, what it holds, and the save error if there is one. */
async function checkStep(page: Page, world: WizardWorld, snapshot: { context: unknown }, step: keyof typeof STEP_TITLES) {
  const index = Object.keys(STEP_TITLES).indexOf(step) + 1
  await expect(page.getByText(`Step ${index} of 4`)).toBeVisible()
  await expect(page.getByRole('heading', { name: STEP_TITLES[step], level: 2 })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`\\?step=${step}$`))
  const built = builtOf(snapshot)
  // the name typed is the run's own ('Paths class' in the event)
  if (step === 'details') await expect(page.getByRole('textbox', { name: 'Class name' })).toHaveValue(built.className === '' ? '' : world.name)
  if (step === 'goals') await expect(page.getByRole('spinbutton', { name: 'Practice days per week' })).toHaveValue(String(built.daysPractice))
  const saveError = page.getByRole('alert').filter({ hasText: 'It could not be saved' })
  if (errorOf(snapshot)) await expect(saveError).toBeVisible()
  else await expect(saveError).toBeHidden()
  await expect(question(page, 'New class')).toBeHidden()
  await expect(question(page, 'Discard what you entered?')).toBeHidden()
}

export const classWizard: MachineUi<typeof classWizardMachine, WizardWorld> = {
  name: 'classWizardMachine',
  machine: classWizardMachine,
  inputs: { 'a teacher': { organizationId: 1, asTeacher: true, built: newClass } },
  paths: 'tour',
  lasting: ['followAddress'],
  events: [
    { type: 'wizard.update', changes: { className: 'Paths class' } },
    // the days' bound: 8 is refused, 7 is taken
    { type: 'wizard.update', changes: { daysPractice: 8 } },
    { type: 'wizard.update', changes: { daysPractice: 7 } },
    { type: 'wizard.next' },
    { type: 'wizard.previous' },
    { type: 'wizard.skipGoals' },
    { type: 'wizard.goTo', step: 'details' },
    { type: 'wizard.saveDraft' },
    { type: 'wizard.cancel' },
    { type: 'wizard.keep' },
    { type: 'wizard.discard' },
    { type: 'wizard.submit' },
    { type: 'wizard.confirm' },
    { type: 'wizard.back' },
    done('createClass', { id: 1 } as ClassGroup),
    failed('createClass', apiFailure(0)),
    done('saveDraft', { id: 1 } as ClassGroup),
    failed('saveDraft', apiFailure(0)),
  ],
  // each change is typed in its step's field; the overview's edit shortcuts send goTo
  acts: (snapshot, event) => {
    if (event.type === 'wizard.goTo') return snapshot.matches({ editing: 'overview' })
    if (event.type !== 'wizard.update') return true
    const changes = event.changes as Partial<ClassBeingBuilt>
    return 'className' in changes ? snapshot.matches({ editing: 'details' }) : snapshot.matches({ editing: 'goals' })
  },
  tourLength: 30,
  async start(page, { request }) {
    const organization = await createOrganization(request, organizationName('Wizard Paths'))
    const teacher = await memberOf(request, organization, 'path-wizard-teacher', 'teacher', ['Tess', 'Cher'])
    await logIn(page, teacher)
    await page.goto(`/organization/${organization.id}/classes/new`)
    return { request, organization, teacher, name: organizationName('Paths class') }
  },
  executors: {
    'wizard.update': async (page, event, world) => {
      const changes = event.changes as Partial<ClassBeingBuilt>
      if (changes.className !== undefined) await page.getByRole('textbox', { name: 'Class name' }).fill(world.name)
      if (changes.daysPractice !== undefined) await page.getByRole('spinbutton', { name: 'Practice days per week' }).fill(String(changes.daysPractice))
    },
    'wizard.next': async (page) => {
      await page.getByRole('button', { name: 'Next', exact: true }).click()
    },
    'wizard.previous': async (page) => {
      await page.getByRole('button', { name: 'Previous' }).click()
    },
    'wizard.skipGoals': async (page) => {
      await page.getByRole('button', { name: "I'll do this later" }).click()
    },
    'wizard.goTo': async (page, event) => {
      await page.getByRole('button', { name: `Edit ${STEP_TITLES[event.step]}` }).click()
    },
    'wizard.saveDraft': async (page) => {
      await page.getByRole('button', { name: 'Save and finish later' }).click()
    },
    'wizard.cancel': async (page) => {
      await page.getByRole('button', { name: 'Cancel', exact: true }).click()
    },
    'wizard.keep': async (page) => {
      await question(page, 'Discard what you entered?').getByRole('button', { name: 'Keep editing' }).click()
    },
    'wizard.discard': async (page) => {
      await question(page, 'Discard what you entered?').getByRole('button', { name: 'Discard' }).click()
    },
    'wizard.submit': async (page) => {
      await page.getByRole('button', { name: 'Create and send invites' }).click()
    },
    'wizard.confirm': async (page) => {
      await question(page, 'New class').getByRole('button', { name: 'Yes' }).click()
    },
    'wizard.back': async (page) => {
      await question(page, 'New class').getByRole('button', { name: 'No' }).click()
    },
    // not among the events walked (see the file's comment)
    'wizard.retry': async (page) => {
      await page.getByRole('button', { name: 'Try again' }).click()
    },
    'students.remove': async (page, event) => {
      await page.getByRole('button', { name: `Remove ${event.email}` }).click()
    },
    'students.add': async () => {
      throw new Error('students.add comes from the file import, which is walked apart')
    },
  },
  arrangements: {
    // not among the events walked (a draft opened from the list)
    loadDraft: {
      call: { method: 'GET', path: /^\/v1\/groups\/\d+\/\d+\/$/ },
      done: async () => {},
      error: async (page) => dropNext(page, 'GET', /^\/v1\/groups\/\d+\/\d+\/$/),
    },
    followAddress: {
      call: { method: 'GET', path: /^$/ },
      done: async () => {
        throw new Error('followAddress lasts as long as the steps: it has no outcome')
      },
      error: async () => {
        throw new Error('followAddress lasts as long as the steps: it has no outcome')
      },
    },
    saveClass: {
      call: { method: 'POST', path: SAVE },
      done: async () => {},
      error: async (page, event) => {
        expect(statusOf(event.error)).toBe(0)
        await dropNext(page, 'POST', SAVE)
      },
    },
  },
  states: {
    'editing.details.editing': async (page, world, snapshot) => {
      await checkStep(page, world, snapshot, 'details')
      await expect(page.getByText('Please provide a team/class name')).toBeHidden()
    },
    'editing.details.invalid': async (page, world, snapshot) => {
      await checkStep(page, world, snapshot, 'details')
      if (builtOf(snapshot).className === '') await expect(page.getByText('Please provide a team/class name')).toBeVisible()
      else await expect(page.getByText('Please provide a team/class name')).toBeHidden()
    },
    'editing.goals.editing': async (page, world, snapshot) => {
      await checkStep(page, world, snapshot, 'goals')
      await expect(page.getByText('Enter a number of days from 1 to 7.')).toBeHidden()
    },
    'editing.goals.invalid': async (page, world, snapshot) => {
      await checkStep(page, world, snapshot, 'goals')
      // the fields say what is wrong with what they hold now
      const days = builtOf(snapshot).daysPractice
      if (days < 1 || days > 7) await expect(page.getByText('Enter a number of days from 1 to 7.')).toBeVisible()
      else await expect(page.getByText('Enter a number of days from 1 to 7.')).toBeHidden()
    },
    'editing.students': async (page, world, snapshot) => {
      await checkStep(page, world, snapshot, 'students')
    },
    'editing.overview': async (page, world, snapshot) => {
      await checkStep(page, world, snapshot, 'overview')
      await expect(page.getByText(world.name).first()).toBeVisible()
    },
    confirming: async (page) => {
      await expect(question(page, 'New class')).toContainText('Create the class without students? You can invite them later from the class page.')
    },
    cancelling: async (page) => {
      await expect(question(page, 'Discard what you entered?')).toBeVisible()
    },
    created: async (page, world) => {
      await expect(toast(page, 'The class was created.')).toBeVisible()
      await expect(page).toHaveURL(new RegExp(`/organization/${world.organization.id}/classes$`))
      await expect(page.getByText(world.name).first()).toBeVisible()
    },
    draftSaved: async (page, world) => {
      await expect(toast(page, 'The class was saved as a draft.')).toBeVisible()
      await expect(page).toHaveURL(new RegExp(`/organization/${world.organization.id}/classes$`))
      await expect(page.getByText(world.name).first()).toBeVisible()
    },
    discarded: async (page, world) => {
      await expect(page).toHaveURL(new RegExp(`/organization/${world.organization.id}/classes$`))
      await expect(page.getByText(world.name)).toHaveCount(0)
    },
  },
}
