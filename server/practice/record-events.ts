import type { Translator } from '../../locales/server.js'
import type { components } from '../../openapi/schema.js'
import { authenticate, requireAuth } from '../auth/authenticate.js'
import type { Handler } from '../contract/handler.js'
import { fieldErrors } from '../http/errors.js'
import { appendPracticeEvents, MAX_SKILLS, practiceEventProblems, type EventProblem, type PracticeEvent } from './ingest.js'
import { practiceWindows, tooManyPracticeEvents } from './quota.js'

type EventBody = components['schemas']['PracticeEvent']

const LESSON_FIELDS = ['module_name', 'lesson_name', 'difficulty_level', 'seconds', 'native_score'] as const
const ASSESSMENT_FIELDS = ['eps', 'overall_score', 'pronunciation', 'intonation', 'fluency', 'skills'] as const

const problemMessage = (t: Translator, problem: EventProblem): string => {
  switch (problem) {
    case 'occurredInFuture':
      return t.api.occurredInFuture()
    case 'occurredTooLongAgo':
      return t.api.occurredTooLongAgo()
    case 'scoreRange':
      return t.api.scoreRange()
    case 'scoreTooSmall':
      return t.api.scoreTooSmall()
    case 'secondsRange':
      return t.api.secondsRange()
    case 'tooManySkills':
      return t.api.tooManyItems({ max: MAX_SKILLS })
    case 'textLength':
      return t.api.required()
  }
}

/**
 * The fields of the event's kind, checked present, and those of the other kind, refused: the contract
 * lists every field of both kinds as optional (one object for the batch's items), so this is where a
 * lesson without its score or an assessment with seconds is refused. Adds messages to `errors`.
 */
const eventOf = (t: Translator, userId: number, body: EventBody, key: string, errors: Record<string, string>): PracticeEvent | undefined => {
  const lesson = body.kind === 'lesson'
  const [own, other] = lesson ? [LESSON_FIELDS, ASSESSMENT_FIELDS] : [ASSESSMENT_FIELDS, LESSON_FIELDS]
  // the messages worded only for a wrong event: a translation is a call through proxies, and a batch has 100 events
  for (const field of own) if (body[field] === undefined) errors[`${key}.${field}`] = lesson ? t.api.lessonFieldMissing() : t.api.assessmentFieldMissing()
  for (const field of other) if (body[field] !== undefined) errors[`${key}.${field}`] = lesson ? t.api.notLessonField() : t.api.notAssessmentField()
  const common = { userId, clientEventId: body.client_event_id, occurredAt: new Date(body.occurred_at) }
  if (body.kind === 'lesson') {
    const { module_name, lesson_name, difficulty_level, seconds, native_score } = body
    if (module_name === undefined || lesson_name === undefined || difficulty_level === undefined || seconds === undefined || native_score === undefined) return undefined
    return { ...common, kind: 'lesson', moduleName: module_name, lessonName: lesson_name, difficultyLevel: difficulty_level, seconds, nativeScore: native_score }
  }
  const { eps, overall_score, pronunciation, intonation, fluency, skills } = body
  if (eps === undefined || overall_score === undefined || pronunciation === undefined || intonation === undefined || fluency === undefined || skills === undefined) return undefined
  return { ...common, kind: 'assessment', eps, overallScore: overall_score, pronunciation, intonation, fluency, skills }
}

/**
 * POST /v1/practice/events/ — the mobile app records the caller's finished lessons and assessments, 1 to
 * 100 at once (ingest.ts appendPracticeEvents: idempotent, one statement; the rollups follow within
 * seconds, by the roll-up worker). Any wrong event refuses the whole call, keyed `events[i].field`, and
 * stores nothing; the answer lists the events in the order sent. The events stored count against the
 * learner's hour and day (quota.ts): a call that would pass either is 429 and stores nothing, but a
 * retry of events all stored already is answered all the same.
 *
 * The caller's session, when this process keeps it, is checked by the append's own statement
 * (auth/authenticate.ts UncheckedSession): one statement a call instead of two. When that check finds
 * the session's user changed, or the events are refused, the call authenticates in full first: a
 * session that ended is answered 401 and nothing is stored.
 */
export const recordPracticeEventsHandler: Handler<'recordPracticeEvents'> = async (call) => {
  const { body, app, t, request } = call
  const unchecked = request.uncheckedSession
  const me = unchecked ? unchecked.session.user : requireAuth(call).user
  const checkSession = async () => {
    if (!request.auth) request.auth = await authenticate(app, request)
  }
  const now = app.clock()
  const errors: Record<string, string> = {}
  const events: PracticeEvent[] = []
  body.events.forEach((item, index) => {
    const key = `events[${index}]`
    const event = eventOf(t, me.id, item, key, errors)
    if (!event) return
    for (const [field, problem] of Object.entries(practiceEventProblems(event, now))) {
      if (problem) errors[`${key}.${field}`] ??= problemMessage(t, problem)
    }
    events.push(event)
  })
  if (Object.keys(errors).length > 0) {
    await checkSession()
    throw fieldErrors(errors)
  }
  const append = (userVersion?: number) =>
    appendPracticeEvents(app.db, events, now, practiceWindows(me.id, app.config.rateLimit), { rollUpNow: app.rollups.inline, userVersion })
  let outcome = await append(unchecked?.userVersion)
  if ('sessionChanged' in outcome) {
    await checkSession()
    outcome = await append()
  }
  if ('sessionChanged' in outcome) throw new Error('the append checked a session it was not given')
  if (!request.auth) request.auth = unchecked!.session
  if ('wait' in outcome) throw tooManyPracticeEvents(t, app.config.rateLimit, outcome.wait)
  // the append has committed: the roll-up worker takes it now (else its next poll would)
  if (!app.rollups.inline) app.rollups.kick()
  const stored = outcome.recorded
  return {
    results: stored.map((event) => ({
      client_event_id: event.clientEventId,
      occurred_at: event.occurredAt.toISOString(),
      id: event.id,
      received_at: event.receivedAt.toISOString(),
    })),
  }
}
