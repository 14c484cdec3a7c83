import { useActorRef, useSelector } from '@xstate/react'
import { Temporal } from 'temporal-polyfill'
import type { PromiseActorLogic } from 'xstate'
import { reportRangeMachine } from '../../../machines/report-range'
import type { LoadReportInput, ReportData, ReportSubject } from '../../../machines/types'
import { calendarFor } from './range'

/**
 * A report screen's range and report: the machine started with today's calendar (in the reader's
 * time zone; the server places each day in the organization's own) and the given loader.
 */
export function useReportRange(subject: ReportSubject, loadReport: PromiseActorLogic<ReportData, LoadReportInput>) {
  const range = useActorRef(reportRangeMachine.provide({ actors: { loadReport } }), {
    input: { subject, calendar: calendarFor(Temporal.Now.plainDateISO()) },
  })
  const report = useSelector(range, (s) => s.context.report)
  const scope = useSelector(range, (s) => s.context.scope)
  const loading = useSelector(range, (s) => s.hasTag('busy'))
  const error = useSelector(range, (s) => s.context.error)
  const failed = useSelector(range, (s) => s.hasTag('error'))
  return { range, report, scope, loading, failed, error }
}
