import { Temporal } from 'temporal-polyfill'
import { useI18nContext } from '../../../locales/i18n-react'
import type { Dashboard } from '../../../machines/types'
import { Stack } from '../../../styled-system/jsx'
import { StartLearning } from '../onboarding/StartLearning'
import type { Terms } from '../shared/terms'
import { ClassCard, classGrid, Figure, figureGrid, Panel } from './parts'

/**
 * The student's dashboard (spec 001 §2): the number of classes, the level (the last assessment
 * score), this week's practice, and up to 3 classes with their teacher, progress and goals, each with
 * the student's own week against its goal. A student who has never practised first gets the
 * start-learning view (the app's link), as on the first login.
 */
export function StudentDashboard({ dashboard, organizationId, terms, type }: { dashboard: Dashboard; organizationId: number; terms: Terms; type: 'school' | 'company' }) {
  const { LL } = useI18nContext()
  const t = LL.dashboards
  const wording = type === 'company' ? t.company : t.school
  const me = dashboard.me!
  const today = Temporal.PlainDate.from(dashboard.week.today)
  return (
    <Stack gap="6">
      {me.last_active === null ? <StartLearning /> : null}
      <div className={figureGrid}>
        <Figure label={terms.classes()} value={dashboard.classes_count} />
        <Figure label={t.daysPractised()} value={me.days_practised} />
        <Figure label={t.minutesThisWeek()} value={Math.floor(me.seconds / 60)} />
        <Figure label={t.lessonsThisWeek()} value={me.lessons} />
      </div>
      <Panel id="dashboard-level" title={t.level()}>
        {/* written as the learner's reports write the same score ("Last pronunciation score 72%") */}
        <p data-testid="level">{me.last_eps === null ? t.noLevel() : `${Math.round(me.last_eps)}%`}</p>
      </Panel>
      <Panel id="dashboard-classes" title={wording.myClasses()}>
        {dashboard.classes.length === 0 ? (
          <p>{wording.noClasses()}</p>
        ) : (
          <div className={classGrid}>
            {dashboard.classes.map((group) => (
              <ClassCard
                key={group.id}
                group={group}
                organizationId={organizationId}
                today={today}
                wording={wording}
                studentsLabel={terms.students()}
                teacherLabel={terms.teacher()}
                showOwner
                linkToClass={false}
              />
            ))}
          </div>
        )}
      </Panel>
    </Stack>
  )
}
