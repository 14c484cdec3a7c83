import { sql, type SQL } from 'drizzle-orm'
import { versionInStatement } from '../db/read-cache.js'
import { preparedPerDatabase, type Executor } from '../db/store.js'
import { activitySql, classMembers, oneLearner, populationFiguresSql, teacherStudents, type ActivityRow, type PopulationRow } from './figures.js'
import { organizationActivitySql } from './organization-figures.js'
import type { ReportRange, Scope } from './range.js'

/**
 * Each report's figures are one prepared statement, sent in one round trip: the activity reports of a class
 * (with its students' minutes), of a teacher's classes and of an organization; a class's details; a
 * learner's report (but its own events: learner-events.ts). The SQL is the figures' own (figures.ts over
 * a population's rollups, organization-figures.ts over the organization's pre-aggregates) with the ids and
 * dates as placeholders, built and named once per database and scope (the scope shapes the SQL); on
 * PostgreSQL each connection parses it once. Every request executes it: the figures are computed on
 * every request, nothing of them is kept between requests.
 *
 * The functions take the executor to read (`db`): the handlers pass the store's database, or whatever reads
 * reports (a replica) - a call-site choice.
 */

const organization = sql.placeholder('organization')
const from = sql.placeholder('from')
const to = sql.placeholder('to')
const group = sql.placeholder('group')
const teacher = sql.placeholder('teacher')

const SCOPES: Scope[] = ['daily', 'weekly', 'monthly']

/**
 * The versions of the organization's scopes that the statement's snapshot saw (db/read-cache.ts): what its
 * figures are kept with (kept.ts). Read in the same statement, so that they are exactly as fresh as the
 * figures, on the primary or on a replica that lags.
 */
const versions = {
  organizationVersion: versionInStatement('organization', organization),
  practiceVersion: versionInStatement('practice', organization),
}

/** The versions a figures' statement answered beside its figures. */
export interface FiguresVersions {
  organizationVersion: number
  practiceVersion: number
}

/** The ActivityRow's columns of a report statement, as one prepared select named `name`. */
const prepare = (db: Executor, statement: SQL, name: string, withStudents: boolean) =>
  db
    .select({
      periods: sql<ActivityRow['periods']>`r.periods`,
      weeks: sql<ActivityRow['weeks']>`r.weeks`,
      improvement: sql<ActivityRow['improvement']>`r.improvement`,
      overview: sql<ActivityRow['overview']>`r.overview`,
      students: withStudents ? sql<ActivityRow['students']>`r.students` : sql<undefined>`null`,
      ...versions,
    })
    .from(sql`(${statement}) r`)
    .prepare(name)

type Prepared = ReturnType<typeof prepare>

/** A report's statement per scope, each prepared per database. */
const perScope = (name: string, build: (scope: Scope) => SQL, withStudents = false): Record<Scope, (db: Executor) => Prepared> =>
  Object.fromEntries(
    SCOPES.map((scope) => [scope, preparedPerDatabase((db) => prepare(db, build(scope), `${name}_${scope}`, withStudents))]),
  ) as Record<Scope, (db: Executor) => Prepared>

const classStatements = perScope(
  'class_report',
  (scope) => activitySql({ organizationId: organization, population: classMembers(group), range: { from, to, scope } }, true),
  true,
)

const teacherStatements = perScope('teacher_report', (scope) =>
  activitySql({ organizationId: organization, population: teacherStudents(organization, teacher), range: { from, to, scope } }, false),
)

const organizationStatements = perScope('organization_report', (scope) =>
  organizationActivitySql({ organizationId: organization, range: { from, to, scope } }),
)

const run = async (query: Prepared, values: Record<string, unknown>): Promise<ActivityRow & FiguresVersions> => {
  const [row] = await query.execute(values)
  const { students, ...rest } = row!
  return students === null || students === undefined ? rest : { ...rest, students }
}

/** A class's activity report and its students' minutes per period. */
export const classActivity = (db: Executor, organizationId: number, groupId: number, range: ReportRange): Promise<ActivityRow & FiguresVersions> =>
  run(classStatements[range.scope](db), { organization: organizationId, group: groupId, from: range.from, to: range.to })

/** The activity report of the students of the classes a teacher owns in the organization. */
export const teacherActivity = (db: Executor, organizationId: number, teacherId: number, range: ReportRange): Promise<ActivityRow & FiguresVersions> =>
  run(teacherStatements[range.scope](db), { organization: organizationId, teacher: teacherId, from: range.from, to: range.to })

/** The organization's activity report, over its current, enabled students. */
export const organizationActivity = (db: Executor, organizationId: number, range: ReportRange): Promise<ActivityRow & FiguresVersions> =>
  run(organizationStatements[range.scope](db), { organization: organizationId, from: range.from, to: range.to })

const learner = sql.placeholder('learner')

/** PopulationRow's columns of a statement, as one prepared select named `name`. */
const preparePopulation = (db: Executor, statement: SQL, name: string) =>
  db
    .select({
      periods: sql<PopulationRow['periods']>`r.periods`,
      assessed: sql<PopulationRow['assessed']>`r.assessed`,
      overview: sql<PopulationRow['overview']>`r.overview`,
      members: sql<number>`r.members`,
      last_active: sql<string | null>`r.last_active`,
      ...versions,
    })
    .from(sql`(${statement}) r`)
    .prepare(name)

const populationPerScope = (name: string, build: (scope: Scope) => SQL) =>
  Object.fromEntries(SCOPES.map((scope) => [scope, preparedPerDatabase((db) => preparePopulation(db, build(scope), `${name}_${scope}`))])) as Record<
    Scope,
    (db: Executor) => ReturnType<typeof preparePopulation>
  >

const classSummaryStatements = populationPerScope('class_summary', (scope) =>
  sql`select *, null::text as last_active from (${populationFiguresSql({ organizationId: organization, population: classMembers(group), range: { from, to, scope } }, false)}) s`,
)

const learnerStatements = populationPerScope('learner_report', (scope) =>
  populationFiguresSql({ organizationId: organization, population: oneLearner(learner), range: { from, to, scope } }, true),
)

/** A class's details: its periods with the share active, its assessed, its overview and how many students it has. */
export const classFigures = async (db: Executor, organizationId: number, groupId: number, range: ReportRange): Promise<PopulationRow & FiguresVersions> =>
  (await classSummaryStatements[range.scope](db).execute({ organization: organizationId, group: groupId, from: range.from, to: range.to }))[0]!

/** A learner's figures as an organization sees its practice, and its latest practice there. */
export const learnerFigures = async (db: Executor, organizationId: number, learnerId: number, range: ReportRange): Promise<PopulationRow> =>
  (await learnerStatements[range.scope](db).execute({ organization: organizationId, learner: learnerId, from: range.from, to: range.to }))[0]!
