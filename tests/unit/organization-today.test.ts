import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Temporal } from 'temporal-polyfill'
import { classProgress } from '../../src/features/classes/progress'
import { usDateTime } from '../../src/features/reports/format'
import { organizationToday, organizationZone } from '../../src/features/shared/organization-today'

/**
 * Whose day it is (issue 9): a browser in Tokyo looking at an organization in Los Angeles. At 01:00 UTC
 * on 20 March it is 10:00 on the 20th in Tokyo and 18:00 on the 19th in Los Angeles; the server dates
 * the class's status on the 19th (server/classes/status.ts), and so must the page.
 */
describe('organizationToday across the midnight edge', () => {
  const zoneBefore = process.env.TZ
  beforeEach(() => {
    process.env.TZ = 'Asia/Tokyo'
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-20T01:00:00Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
    process.env.TZ = zoneBefore
  })

  it("is the organization's date, not the browser's", () => {
    expect(Temporal.Now.timeZoneId()).toBe('Asia/Tokyo')
    expect(Temporal.Now.plainDateISO().toString()).toBe('2026-03-20')
    expect(organizationToday('America/Los_Angeles').toString()).toBe('2026-03-19')
    expect(organizationToday('Asia/Tokyo').toString()).toBe('2026-03-20')
  })

  it('is UTC for an organization without a time zone (as the server counts), the browser\'s while the zone is unknown', () => {
    vi.setSystemTime(new Date('2026-03-19T23:30:00Z'))
    expect(organizationToday(null).toString()).toBe('2026-03-19')
    expect(organizationToday(undefined).toString()).toBe('2026-03-20')
    expect(organizationToday('Not/AZone').toString()).toBe('2026-03-19')
  })

  it("dates a lesson or an assessment in the organization's zone, on the day its reports count it", () => {
    // 01:00 UTC on the 20th: the evening of the 19th in Los Angeles, where the school's reports put it
    expect(usDateTime('2026-03-20T01:00:00Z', organizationZone('America/Los_Angeles'))).toBe('06:00PM 03/19/2026')
    expect(usDateTime('2026-03-20T01:00:00Z', organizationZone(null))).toBe('01:00AM 03/20/2026')
    expect(usDateTime('2026-03-20T01:00:00Z', organizationZone(undefined))).toBe('10:00AM 03/20/2026')
    expect(organizationZone('Not/AZone')).toBe('UTC')
  })

  it('counts the days left and to go of a class from the organization\'s date', () => {
    const today = organizationToday('America/Los_Angeles')
    // the server calls a class starting on the 20th not started yet in Los Angeles: one day to go, not "ends today"
    expect(classProgress({ status: 'not_started', start_date: '2026-03-20', end_date: '2026-04-18' }, today).time).toEqual({ kind: 'daysToGo', count: 1 })
    // a class ending on the 19th is on its last day there
    expect(classProgress({ status: 'active', start_date: '2026-03-01', end_date: '2026-03-19' }, today)).toMatchObject({ percent: 100, time: { kind: 'endsToday' } })
    // and a class of 20 days from the 10th has run 10 of them (50%), 10 days left
    expect(classProgress({ status: 'active', start_date: '2026-03-10', end_date: '2026-03-29' }, today)).toMatchObject({ percent: 50, time: { kind: 'daysLeft', count: 10 } })
  })
})
