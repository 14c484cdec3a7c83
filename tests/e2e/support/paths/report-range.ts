/**
 * The report range's machine (machines/report-range.ts) on a learner's details page, its "Activity
 * reports" (StudentReports): what each actor outcome stands for is arranged for real:
 * - loadReport: done = the report of the range (the learner's, empty); 0 = the connection drops.
 * The range is checked on screen (shortcut, dates, scope, the refusal) and in the call the report was
 * loaded with (from, to, scope of the machine's context).
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { Temporal } from 'temporal-polyfill'
import { reportRangeMachine } from '../../../../machines/report-range'
import type { ReportData, ReportShortcut } from '../../../../machines/types'
import { calendarFor } from '../../../../src/features/reports/range'
import { createOrganization, organizationName } from '../api'
import { apiFailure, done, failed, statusOf, type MachineUi } from '../machine-paths'
import { logIn } from '../ui'
import { dropNext, memberOf, NETWORK } from './common'

const ZONE = 'America/Los_Angeles'
const REPORT = /^\/v1\/reports\/user\/\d+\/$/

interface RangeWorld {
  request: APIRequestContext
  /** The learner's details page. */
  path: string
  /** The query of the last report call the page made. */
  lastQuery: { from: string | null; to: string | null; scope: string | null } | null
}

/** The browser runs in the organization's zone (the spec's test.use): today is the same day for both. */
const today = Temporal.Now.plainDateISO(ZONE)
export const rangeCalendar = calendarFor(today)
const month = rangeCalendar.shortcuts.thisMonth
const shortcutNames: Record<ReportShortcut, string> = {
  thisMonth: 'This month',
  lastWeek: 'Last week',
  lastMonth: 'Last month',
  last3Months: 'Last 3 months',
  last6Months: 'Last 6 months',
  lastYear: 'Last year',
}
const section = (page: Page) => page.getByRole('region', { name: 'Activity reports' })
const someReport = {} as ReportData

/** What the picker shows and which report was loaded: the machine's context. */
async function checkRange(page: Page, world: RangeWorld, context: unknown) {
  const { from, to, scope, shortcut, typed } = context as {
    from: string
    to: string
    scope: string
    shortcut: ReportShortcut | null
    typed: { from: string; to: string } | null
  }
  const reports = section(page)
  await expect(reports.getByRole('button', { name: `Date shortcuts: ${shortcut ? shortcutNames[shortcut] : 'Custom dates'}` })).toBeVisible()
  await expect(reports.getByRole('textbox', { name: 'From', exact: true })).toHaveValue(typed?.from ?? from)
  await expect(reports.getByRole('textbox', { name: 'To', exact: true })).toHaveValue(typed?.to ?? to)
  await expect(reports.getByRole('button', { name: scope[0]?.toUpperCase() + scope.slice(1) })).toHaveAttribute('aria-pressed', 'true')
  const refusal = reports.getByText('Pick a start date before the end date, no later than tomorrow.')
  if (typed) await expect(refusal).toBeVisible()
  else await expect(refusal).toBeHidden()
  // the report on screen is the one of the range taken
  await expect.poll(() => world.lastQuery).toEqual({ from, to, scope })
}

export const reportRange: MachineUi<typeof reportRangeMachine, RangeWorld> = {
  name: 'reportRangeMachine',
  machine: reportRangeMachine,
  inputs: { 'a learner': { subject: { kind: 'user', organizationId: 1, userId: 1 }, calendar: rangeCalendar } },
  paths: 'tour',
  events: [
    { type: 'range.scope', scope: 'weekly' },
    { type: 'range.shortcut', shortcut: 'lastMonth' },
    // a one-day range ending tomorrow is the latest one taken; the day after is refused. Both differ
    // from this month's range in the end date only: the picker sends one event per date typed
    { type: 'range.dates', from: month.from, to: rangeCalendar.maxDate },
    { type: 'range.dates', from: month.from, to: today.add({ days: 2 }).toString() },
    { type: 'range.retry' },
    done('loadReport', someReport),
    failed('loadReport', apiFailure(0)),
  ],
  // dates are typed one at a time: an event that changes both would be two
  acts: (snapshot, event) => {
    if (event.type !== 'range.dates') return true
    const context = snapshot.context as { from: string; to: string; typed: { from: string; to: string } | null }
    const shown = context.typed ?? context
    return shown.from === event.from || shown.to === event.to
  },
  async start(page, { request }) {
    const organization = await createOrganization(request, organizationName('Range Paths'))
    const admin = await memberOf(request, organization, 'path-range-admin', 'admin', ['Rhonda', 'Ange'])
    const learner = await memberOf(request, organization, 'path-range-learner', 'student', ['Lena', 'Rner'])
    const world: RangeWorld = { request, path: `/organization/${organization.id}/students/${learner.id}`, lastQuery: null }
    page.on('request', (call) => {
      const url = new URL(call.url())
      if (REPORT.test(url.pathname)) world.lastQuery = { from: url.searchParams.get('from'), to: url.searchParams.get('to'), scope: url.searchParams.get('scope') }
    })
    await logIn(page, admin)
    return world
  },
  async open(page, world) {
    await page.goto(world.path)
    await expect(page.getByRole('heading', { name: 'Lena Rner', level: 1 })).toBeVisible()
  },
  executors: {
    'range.scope': async (page, event) => {
      await section(page).getByRole('button', { name: event.scope[0]?.toUpperCase() + event.scope.slice(1) }).click()
    },
    'range.shortcut': async (page, event) => {
      await section(page).getByRole('button', { name: /^Date shortcuts: / }).click()
      await page.getByRole('menuitem', { name: shortcutNames[event.shortcut] }).click()
    },
    'range.dates': async (page, event) => {
      const reports = section(page)
      if ((await reports.getByRole('textbox', { name: 'From', exact: true }).inputValue()) !== event.from) await reports.getByRole('textbox', { name: 'From', exact: true }).fill(event.from)
      else await reports.getByRole('textbox', { name: 'To', exact: true }).fill(event.to)
    },
    'range.retry': async (page) => {
      await section(page).getByRole('button', { name: 'Try again' }).click()
    },
  },
  arrangements: {
    loadReport: {
      call: { method: 'GET', path: REPORT },
      done: async () => {},
      error: async (page, event) => {
        expect(statusOf(event.error)).toBe(0)
        await dropNext(page, 'GET', REPORT)
      },
    },
  },
  states: {
    ready: async (page, world, snapshot) => {
      await checkRange(page, world, snapshot.context)
      await expect(section(page).getByText('Could not fetch reports, try again.')).toBeHidden()
      await expect(section(page).getByRole('button', { name: 'Try again' })).toBeHidden()
    },
    failed: async (page, world, snapshot) => {
      await checkRange(page, world, snapshot.context)
      // the connection dropped: the app's network message, never the browser's own 'Failed to fetch'
      const alert = section(page).getByRole('alert').filter({ hasText: 'Could not fetch reports, try again.' })
      await expect(alert).toBeVisible()
      await expect(alert).toContainText(NETWORK)
      await expect(alert).not.toContainText('Failed to fetch')
      await expect(section(page).getByRole('button', { name: 'Try again' })).toBeEnabled()
    },
  },
}
