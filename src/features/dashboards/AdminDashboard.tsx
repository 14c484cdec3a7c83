import { Link as RouterLink } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import type { Dashboard } from '../../../machines/types'
import { css } from '../../../styled-system/css'
import { Stack } from '../../../styled-system/jsx'
import { paths } from '../../app/paths'
import { Button } from '../../ui'
import type { Terms } from '../shared/terms'
import { ClassCards } from './ClassCards'
import { AlertList, AppLink, Figure, figureGrid, LearnerList, Panel, twoColumns, WeekBars } from './parts'

/** A small action that leads to another screen. */
function Action({ href, children }: { href: string; children: string }) {
  return (
    <Button asChild size="xs" variant="outline">
      <RouterLink href={href}>{children}</RouterLink>
    </Button>
  )
}

/**
 * The admin's dashboard (spec 001 §2): counts of students, teachers, classes and pending invitations
 * with links to their lists and the add actions (invite by e-mail, import users, import by ID, new
 * class, import classes, add teacher), manage links, up to 3 classes, the week's activity, who has not
 * practised and who is below a class goal.
 */
export function AdminDashboard({ dashboard, organizationId, terms, type }: { dashboard: Dashboard; organizationId: number; terms: Terms; type: 'school' | 'company' }) {
  const { LL } = useI18nContext()
  const t = LL.dashboards
  const wording = type === 'company' ? t.company : t.school
  const counts = dashboard.counts!
  const student = (id: number) => paths.student(organizationId, id)
  return (
    <Stack gap="6">
      <div className={figureGrid}>
        <Figure
          label={terms.students()}
          value={counts.students}
          href={paths.students(organizationId)}
          actions={
            <>
              <Action href={paths.studentsInvite(organizationId)}>{t.inviteByEmail()}</Action>
              <Action href={paths.studentsImport(organizationId)}>{t.importUsers()}</Action>
              <Action href={paths.elsaUsersImport(organizationId)}>{t.importById()}</Action>
            </>
          }
        />
        <Figure
          label={terms.teachers()}
          value={counts.teachers ?? 0}
          href={paths.teachers(organizationId)}
          actions={<Action href={paths.teachersInvite(organizationId)}>{wording.addTeacher()}</Action>}
        />
        <Figure
          label={terms.classes()}
          value={counts.classes}
          href={paths.classes(organizationId)}
          actions={
            <>
              <Action href={paths.classesNew(organizationId)}>{wording.newClass()}</Action>
              <Action href={paths.classesImport(organizationId)}>{(type === 'company' ? LL.classImport.company : LL.classImport.school).title()}</Action>
            </>
          }
        />
        <Figure label={t.pendingInvitations()} value={counts.pending_invitations} href={paths.organization(organizationId, 'users')} />
      </div>
      <div className={twoColumns}>
        <Panel id="dashboard-activity" title={t.activityTitle()}>
          {dashboard.activity ? <WeekBars activity={dashboard.activity} today={dashboard.week.today} /> : null}
        </Panel>
        <Panel id="dashboard-manage" title={t.manage()}>
          <ul className={css({ listStyle: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column', gap: '2' })}>
            <li>
              <AppLink href={paths.organization(organizationId, 'users')}>{t.manageUsers()}</AppLink>
            </li>
            <li>
              <AppLink href={paths.organization(organizationId, 'profile')}>{t.orgProfile()}</AppLink>
            </li>
            <li>
              <AppLink href={paths.profile()}>{t.ownProfile()}</AppLink>
            </li>
          </ul>
        </Panel>
      </div>
      <Panel
        id="dashboard-classes"
        title={terms.classes()}
        action={dashboard.classes_count > 0 ? <AppLink href={paths.classes(organizationId)}>{wording.allClasses()}</AppLink> : undefined}
      >
        <ClassCards
          dashboard={dashboard}
          organizationId={organizationId}
          terms={terms}
          wording={wording}
          showOwner
          empty={
            <Stack gap="3" align="flex-start">
              <p>{wording.noClasses()}</p>
              <Action href={paths.classesNew(organizationId)}>{wording.newClass()}</Action>
            </Stack>
          }
        />
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
