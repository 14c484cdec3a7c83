import { useActorRef, useSelector } from '@xstate/react'
import { useParams } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { dashboardMachine } from '../../../machines/dashboard'
import { isTeacher } from '../../../machines/roles'
import { Flex, Stack } from '../../../styled-system/jsx'
import { loadDashboard } from '../../api/dashboards'
import { errorMessage } from '../../api/errors'
import { actorOptions } from '../../app/inspect'
import { useCurrentOrganizationId, useCurrentUser } from '../../app/root-context'
import { Button, ErrorPanel, Spinner } from '../../ui'
import { useOrganizationType } from '../shared/current'
import { PageHeader } from '../shared/page'
import { useTerms } from '../shared/terms'
import { AdminDashboard } from './AdminDashboard'
import { AsOf } from './parts'
import { StudentDashboard } from './StudentDashboard'
import { TeacherDashboard } from './TeacherDashboard'

/**
 * / and /organization/{id}/dashboard (spec 001 §2 Dashboards): the dashboard of the person's role in
 * the organization of the route, or in the current one. The guard has already sent people without an
 * organization to onboarding (and a platform admin without one to /admin).
 */
export function DashboardPage() {
  const { LL } = useI18nContext()
  const routeId = useParams<{ organizationId?: string }>().organizationId
  const current = useCurrentOrganizationId()
  const organizationId = routeId === undefined ? current : Number(routeId)
  if (organizationId === null || !Number.isInteger(organizationId)) return <Spinner label={LL.common.loading()} />
  // a new flow for another organization (the user menu switches it)
  return <OrganizationDashboard key={organizationId} organizationId={organizationId} />
}

function OrganizationDashboard({ organizationId }: { organizationId: number }) {
  const { LL } = useI18nContext()
  const t = LL.dashboards
  const user = useCurrentUser()
  const type = useOrganizationType(organizationId) ?? 'school'
  const terms = useTerms(type)
  const flow = useActorRef(dashboardMachine.provide({ actors: { loadDashboard } }), { input: { organizationId }, ...actorOptions() })
  const dashboard = useSelector(flow, (s) => s.context.dashboard)
  const busy = useSelector(flow, (s) => s.hasTag('busy'))
  const failed = useSelector(flow, (s) => s.matches('failed'))
  const error = useSelector(flow, (s) => s.context.error)

  if (failed)
    return (
      <Stack gap="3" align="flex-start">
        <PageHeader title={t.title()} />
        {/* §8: the teacher's dashboard says "Could not load resource" */}
        <ErrorPanel title={isTeacher(user, organizationId) ? t.classLoadFailed() : t.loadFailed()} messages={[errorMessage(error, LL.common.genericError(), LL.errors.network())]} />
        <Button variant="outline" onClick={() => flow.send({ type: 'dashboard.retry' })}>
          {LL.common.retry()}
        </Button>
      </Stack>
    )
  if (!dashboard) return <Spinner label={LL.common.loading()} />

  const props = { dashboard, organizationId, terms, type }
  const firstSteps = dashboard.role === 'student' && dashboard.me?.last_active === null
  return (
    <Stack gap="0" aria-busy={busy}>
      {firstSteps ? null : (
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <PageHeader title={t.title()}>
            {t.week({ from: LL.common.date({ value: dashboard.week.from }), to: LL.common.date({ value: dashboard.week.to }) })}
          </PageHeader>
          {/* how fresh the practice figures are, beside what makes them fresher */}
          <Stack gap="1" align={{ base: 'flex-start', sm: 'flex-end' }} mb="6">
            <Button variant="outline" size="sm" loading={busy} onClick={() => flow.send({ type: 'dashboard.refresh' })}>
              {t.refresh()}
            </Button>
            <AsOf value={dashboard.as_of} />
          </Stack>
        </Flex>
      )}
      {firstSteps ? (
        <Flex justify="flex-end" mb="2">
          <AsOf value={dashboard.as_of} />
        </Flex>
      ) : null}
      {dashboard.role === 'admin' ? (
        <AdminDashboard {...props} />
      ) : dashboard.role === 'teacher' ? (
        <TeacherDashboard {...props} />
      ) : (
        <StudentDashboard {...props} />
      )}
    </Stack>
  )
}
