/**
 * The bounds of the class wizard's and the report range's checks, at each edge (spec 001 §5:
 * days 1–7, minutes 1–1000, engagement 1–365, an end date not before the start; reports: no date
 * after tomorrow, a one-day range allowed). Kept apart from those machines' own model tests,
 * which generate their paths from a few typed values and never stand on a bound.
 */
import { describe, expect, it } from 'vitest'
import { detailsProblems, goalsProblems } from '../../machines/class-wizard'
import { reportRangeMachine } from '../../machines/report-range'
import type { ClassBeingBuilt } from '../../machines/types'
import { reportCalendar as calendar } from './fixtures'
import { snapshotAfter } from './harness'

const built: ClassBeingBuilt = {
  id: null,
  key: 'k-1',
  className: 'English A',
  startDate: '2026-11-23',
  endDate: '2026-12-23',
  teacher: 'edna@example.com',
  goals: true,
  daysPractice: 5,
  minutesPractice: 10,
  takeAssessment: true,
  engagementDays: 3,
  users: [],
  consent: false,
  step: 'goals',
}

describe('class wizard goals bounds', () => {
  it.each([
    [0, true],
    [1, false],
    [7, false],
    [8, true],
    [2.5, true],
  ])('days of practice %s a week: a problem %s', (daysPractice, problem) => {
    expect(goalsProblems({ ...built, daysPractice }).daysPractice).toBe(problem)
  })

  it.each([
    [0, true],
    [1, false],
    [1000, false],
    [1001, true],
    [10.5, true],
  ])('minutes of practice %s a day: a problem %s', (minutesPractice, problem) => {
    expect(goalsProblems({ ...built, minutesPractice }).minutesPractice).toBe(problem)
  })

  it.each([
    [0, true],
    [1, false],
    [365, false],
    [366, true],
    [1.5, true],
  ])('engagement days %s: a problem %s', (engagementDays, problem) => {
    expect(goalsProblems({ ...built, engagementDays }).engagementDays).toBe(problem)
  })

  it('asks for no engagement days without the assessment', () => {
    expect(goalsProblems({ ...built, takeAssessment: false, engagementDays: 0 }).engagementDays).toBe(false)
  })
})

describe('class wizard details bounds', () => {
  it.each([
    ['2026-11-22', true],
    ['2026-11-23', false],
    ['2026-11-24', false],
    ['', true],
  ])('an end date %j for a start on 2026-11-23: a problem %s', (endDate, problem) => {
    expect(detailsProblems({ ...built, endDate }, false).endDate).toBe(problem)
  })

  it('needs a start date, a name and, from an admin, a teacher e-mail', () => {
    expect(detailsProblems({ ...built, startDate: '' }, false).startDate).toBe(true)
    expect(detailsProblems({ ...built, className: '  ' }, false).className).toBe(true)
    expect(detailsProblems({ ...built, teacher: 'edna' }, false).teacher).toBe(true)
    expect(detailsProblems({ ...built, teacher: ' edna@example.com ' }, false).teacher).toBe(false)
    expect(detailsProblems({ ...built, teacher: '' }, true).teacher).toBe(false)
    expect(Object.values(detailsProblems(built, false))).toEqual([false, false, false, false])
  })
})

describe('report range bounds', () => {
  const input = { calendar, subject: { kind: 'user', organizationId: 7, userId: 11 } } as const

  it.each([
    ['2026-11-10', '2026-11-10', true],
    ['2026-11-23', '2026-11-23', true],
    ['2026-11-10', '2026-11-23', true],
    ['2026-11-10', '2026-11-24', true],
    ['2026-11-24', '2026-11-24', true],
    ['2026-11-10', '2026-11-25', false],
    ['2026-11-11', '2026-11-10', false],
    ['2026-11-10', '2026-11-2', false],
    ['11/10/2026', '2026-11-20', false],
  ])('from %s to %s: taken %s', (from, to, taken) => {
    const snapshot = snapshotAfter(reportRangeMachine, input, [{ type: 'range.dates', from, to }])
    expect(snapshot.context.from).toBe(taken ? from : '2026-11-01')
    expect(snapshot.context.to).toBe(taken ? to : '2026-11-23')
    expect(snapshot.matches('loading')).toBe(true)
  })
})
