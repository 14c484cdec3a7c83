import { useI18nContext } from '../../../locales/i18n-react'
import type { Dashboard } from '../../../machines/types'
import { Stack } from '../../../styled-system/jsx'
import { paths } from '../../app/paths'
import type { Terms } from '../shared/terms'
import { ClassCards } from './ClassCards'
import { AlertList, AppLink, Figure, figureGrid, LearnerList, Panel, twoColumns, WeekBars } from './parts'

/**
 * The teacher's dashboard (spec 001 §2): up to 3 of the teacher's classes as cards (name, view-class
 * link, student count, progress), the total of their students with a link to the list, and the
 * reports overview with real figures: the week's active students, who has not practised, and who is
 * below a class goal. Creating a class is for admins (README: who creates classes), so no action here.
 */
export function TeacherDashboard({ dashboard, organizationId, terms, type }: { dashboard: Dashboard; organizationId: number; terms: Terms; type: 'school' | 'company' }) {
  const { LL } = useI18nContext()
  const t = LL.dashboards
  const wording = type === 'company' ? t.company : t.school
  const counts = dashboard.counts!
  const student = (id: number) => paths.student(organizationId, id)
  return (
    <Stack gap="6">
      <Panel
        id="dashboard-classes"
        title={wording.myClasses()}
        action={dashboard.classes_count > 0 ? <AppLink href={paths.classes(organizationId)}>{wording.allClasses()}</AppLink> : undefined}
      >
        <ClassCards dashboard={dashboard} organizationId={organizationId} terms={terms} wording={wording} showOwner={false} empty={<p>{wording.noClasses()}</p>} />
      </Panel>
      <div className={figureGrid}>
        <Figure label={terms.students()} value={counts.students} href={paths.students(organizationId)} />
        <Figure label={terms.classes()} value={counts.classes} href={paths.classes(organizationId)} />
        <Figure label={t.pendingInvitations()} value={counts.pending_invitations} />
      </div>
      <Panel id="dashboard-activity" title={t.activityTitle()}>
        {dashboard.activity ? <WeekBars activity={dashboard.activity} today={dashboard.week.today} /> : null}
      </Panel>
      <div className={twoColumns}>
        <Panel id="dashboard-not-practised" title={t.notPractisedTitle()}>
          {dashboard.not_practised ? <LearnerList list={dashboard.not_practised} empty={dashboard.activity?.students === 0 ? t.noLearners() : t.everyonePractised()} href={student} /> : null}
        </Panel>
        <Panel id="dashboard-alerts" title={t.alertsTitle()}>
          {dashboard.alerts ? <AlertList alerts={dashboard.alerts} href={student} /> : null}
        </Panel>
      </div>
    </Stack>
  )
}
