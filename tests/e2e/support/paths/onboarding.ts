/**
 * The onboarding (machines/onboarding.ts) of a person without an organization, on /onboarding. The
 * screen has no class step yet (OnboardingPage's CLASSES_AVAILABLE): the machine's input says so.
 * What each actor outcome stands for is arranged for real:
 * - uploadLogo: done = the logo chosen in the creation dialog is stored; 0 = the connection drops.
 */
import path from 'node:path'
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { onboardingMachine } from '../../../../machines/onboarding'
import type { OnboardingOrganization } from '../../../../machines/types'
import { createAccount, newPerson, organizationName, uniqueEmail, type Person } from '../api'
import { apiFailure, done, failed, statusOf, type MachineUi } from '../machine-paths'
import { logIn, toast } from '../ui'
import { dropNext } from './common'

const LOGO = /^\/v1\/organizations\/\d+\/logo\/$/

interface OnboardingWorld {
  request: APIRequestContext
  person: Person
  /** The school made in the creation dialog. */
  school: string | null
  /** The toast the last step should have raised. */
  expectedToast: string | null
}

const made: OnboardingOrganization = { id: 1, name: 'the school', type: 'school' }
const creation = (page: Page) => page.getByRole('dialog', { name: 'Create your school' })
const inviteDialog = (page: Page) => page.getByRole('dialog', { name: 'Invite by email' })
const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 })

async function pick(scope: Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** The setup step shown: its heading, its progress, the invitations sent and the button that goes on. */
async function checkStep(page: Page, world: OnboardingWorld, step: 1 | 2, invited: number) {
  await expect(page.getByRole('heading', { name: step === 1 ? 'Invite your teachers' : 'Invite your students' })).toBeVisible()
  await expect(page.getByText(`Step ${step} of 2`)).toBeVisible()
  await expect(heading(page, `Set up ${world.school}`)).toBeVisible()
  if (invited > 0) {
    await expect(page.getByText(`${invited} ${invited === 1 ? 'invitation' : 'invitations'} sent`, { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Skip for now' })).toBeHidden()
  } else await expect(page.getByRole('button', { name: 'Skip for now' })).toBeVisible()
  if (world.expectedToast) await expect(toast(page, world.expectedToast)).toBeVisible()
  await expect(inviteDialog(page)).toBeHidden()
}

const counts = (snapshot: { context: unknown }) => snapshot.context as { invitedTeachers: number; invitedStudents: number }

export const onboarding: MachineUi<typeof onboardingMachine, OnboardingWorld> = {
  name: 'onboardingMachine',
  machine: onboardingMachine,
  inputs: { 'no organization': { organization: null, classesAvailable: false } },
  paths: 'tour',
  events: [
    { type: 'onboarding.start' },
    { type: 'onboarding.back' },
    { type: 'onboarding.pickRole', role: 'schoolAdmin' },
    { type: 'onboarding.pickRole', role: 'teacher' },
    { type: 'onboarding.pickRole', role: 'student' },
    { type: 'onboarding.created', organization: made, logo: null },
    { type: 'onboarding.created', organization: made, logo: new Blob(['a logo']) },
    { type: 'onboarding.openInvite' },
    { type: 'onboarding.invited', count: 1 },
    { type: 'onboarding.closeInvite' },
    { type: 'onboarding.next' },
    { type: 'onboarding.skip' },
    { type: 'onboarding.hasCode' },
    { type: 'onboarding.noCode' },
    { type: 'onboarding.learn' },
    done('uploadLogo', { id: 1 }),
    failed('uploadLogo', apiFailure(0)),
  ],
  // one invitation a step is enough to tell "Continue" from "Skip for now"
  stopWhen: (snapshot) => counts(snapshot).invitedTeachers > 1 || counts(snapshot).invitedStudents > 1,
  // a step offers "Continue" once somebody was invited, "Skip for now" before
  acts: (snapshot, event) => {
    if (event.type !== 'onboarding.next' && event.type !== 'onboarding.skip') return true
    // the invite dialog is modal
    if (snapshot.matches({ settingUp: { inviteTeachers: 'inviting' } }) || snapshot.matches({ settingUp: { inviteStudents: 'inviting' } })) return false
    const { invitedTeachers, invitedStudents } = counts(snapshot)
    const invited = snapshot.matches({ settingUp: 'inviteStudents' }) ? invitedStudents : invitedTeachers
    return event.type === 'onboarding.next' ? invited > 0 : invited === 0
  },
  async start(page, { request }) {
    const person = await createAccount(request, newPerson('path-onboarding', 'Olive', 'Boarding'))
    await logIn(page, person)
    await expect(page).toHaveURL(/\/onboarding$/)
    return { request, person, school: null, expectedToast: null }
  },
  executors: {
    'onboarding.start': async (page) => {
      await page.getByRole('button', { name: 'Get started' }).click()
    },
    'onboarding.back': async (page) => {
      if (await creation(page).isVisible()) await creation(page).getByRole('button', { name: 'Cancel' }).click()
      else await page.getByRole('button', { name: 'Back', exact: true }).click()
    },
    'onboarding.pickRole': async (page, event) => {
      const names = { schoolAdmin: 'I run a school', companyAdmin: 'I run a company', teacher: 'I am a teacher', student: 'I am a student' }
      await page.getByRole('button', { name: names[event.role] }).click()
    },
    'onboarding.created': async (page, event, world) => {
      const dialog = creation(page)
      world.school = organizationName('Onboarding Paths')
      world.expectedToast = `${world.school} is created. You are its admin.`
      await dialog.getByRole('textbox', { name: 'Organization name' }).fill(world.school)
      await dialog.getByRole('textbox', { name: 'Username' }).fill(`paths-${Date.now().toString(36)}`)
      await pick(dialog, page, 'Industry', 'Education')
      await dialog.getByRole('textbox', { name: 'Address 1' }).fill('19 Plympton St')
      await dialog.getByRole('textbox', { name: 'City' }).fill('Springfield')
      await dialog.getByRole('textbox', { name: 'State' }).fill('OR')
      await dialog.getByRole('textbox', { name: 'Postal code' }).fill('97477')
      await pick(dialog, page, 'Country', 'United States')
      await dialog.getByRole('textbox', { name: 'Phone number' }).fill('5415550100')
      await pick(dialog, page, 'Time zone', 'America/Los Angeles')
      if (event.logo) await dialog.getByLabel('Logo (optional)').setInputFiles(path.resolve('tests/fixtures/logo.png'))
      await dialog.getByRole('button', { name: 'Create', exact: true }).click()
    },
    'onboarding.openInvite': async (page, _event, world) => {
      world.expectedToast = null
      await page.getByRole('button', { name: 'Invite by e-mail' }).click()
    },
    'onboarding.invited': async (page) => {
      const dialog = inviteDialog(page)
      await dialog.getByRole('textbox', { name: 'Email addresses' }).pressSequentially(`${uniqueEmail('path-onboarded')},`)
      await dialog.getByRole('button', { name: 'Send invitations' }).click()
    },
    'onboarding.closeInvite': async (page) => {
      await inviteDialog(page).getByRole('button', { name: 'Cancel' }).click()
    },
    'onboarding.next': async (page, _event, world) => {
      await page.getByRole('button', { name: /^(Continue|Go to .+)$/ }).click()
      world.expectedToast = null
    },
    'onboarding.skip': async (page, _event, world) => {
      await page.getByRole('button', { name: 'Skip for now' }).click()
      world.expectedToast = null
    },
    'onboarding.hasCode': async (page) => {
      await page.getByRole('button', { name: /^(Yes, I have a code|I have a code now)$/ }).click()
    },
    'onboarding.noCode': async (page) => {
      await page.getByRole('button', { name: 'No, I do not' }).click()
    },
    'onboarding.learn': async (page) => {
      await page.getByRole('button', { name: 'Start learning' }).click()
    },
  },
  arrangements: {
    uploadLogo: {
      call: { method: 'PUT', path: LOGO },
      done: async () => {},
      error: async (page, event, world) => {
        expect(statusOf(event.error)).toBe(0)
        await dropNext(page, 'PUT', LOGO)
        world.expectedToast = 'The logo could not be uploaded. You can add it later from the profile page.'
      },
    },
  },
  states: {
    welcome: async (page, world) => {
      await expect(heading(page, `Welcome, ${world.person.firstName}!`)).toBeVisible()
      await expect(page).toHaveURL(/\/onboarding$/)
    },
    pickingRole: async (page) => {
      await expect(heading(page, 'Who are you?')).toBeVisible()
      await expect(creation(page)).toBeHidden()
    },
    creatingOrganization: async (page) => {
      await expect(creation(page)).toBeVisible()
      await expect(creation(page).getByRole('combobox', { name: 'Type' })).toContainText('School')
    },
    'settingUp.inviteTeachers.idle': async (page, world, snapshot) => {
      await checkStep(page, world, 1, counts(snapshot).invitedTeachers)
      await expect(page).toHaveURL(/\/onboarding\?setup=\d+$/)
    },
    'settingUp.inviteTeachers.inviting': async (page) => {
      // the page under the modal dialog is hidden from the accessibility tree
      await expect(inviteDialog(page)).toBeVisible()
      await expect(page.getByText('Invite your teachers')).toBeAttached()
    },
    'settingUp.inviteStudents.idle': async (page, world, snapshot) => {
      await checkStep(page, world, 2, counts(snapshot).invitedStudents)
    },
    'settingUp.inviteStudents.inviting': async (page) => {
      // the page under the modal dialog is hidden from the accessibility tree
      await expect(inviteDialog(page)).toBeVisible()
      await expect(page.getByText('Invite your students')).toBeAttached()
    },
    askingForCode: async (page) => {
      await expect(heading(page, 'Do you have an organization invitation code?')).toBeVisible()
    },
    askAdmin: async (page) => {
      await expect(heading(page, 'Ask your admin to invite you')).toBeVisible()
    },
    startLearning: async (page) => {
      await expect(heading(page, 'Start learning')).toBeVisible()
      await expect(page.getByRole('link', { name: 'I have an invitation code' })).toHaveAttribute('href', '/join')
    },
    toJoin: async (page) => {
      await expect(page).toHaveURL(/\/join\?role=teacher$/)
    },
    finished: async (page, world) => {
      await expect(page).toHaveURL(/\/organization\/\d+\/$/)
      await expect(heading(page, world.school ?? '')).toBeVisible()
    },
  },
}
