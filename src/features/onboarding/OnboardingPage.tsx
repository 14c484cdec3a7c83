import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { onboardingMachine } from '../../../machines/onboarding'
import type { OnboardingOrganization, User } from '../../../machines/types'
import { Stack } from '../../../styled-system/jsx'
import { uploadLogo } from '../../api/organization-profile'
import { actorOptions } from '../../app/inspect'
import { useSession } from '../../app/root-context'
import { ScreenLoading } from '../../app/ScreenLoading'
import { OrganizationDialog } from '../organizations/OrganizationDialog'
import { OrganizationForm } from '../organizations/OrganizationForm'
import { toaster } from '../../ui'
import { PageHeader } from '../shared/page'
import { LogoPicker } from './LogoPicker'
import { AskAdmin, CodeQuestion, RolePicker, Welcome } from './Steps'
import { SetupSteps } from './SetupSteps'
import { StartLearning } from './StartLearning'

/**
 * Classes come with the second document: until the class wizard exists the create-a-class step is
 * left out (machines/onboarding.ts), not shown as a step that does nothing.
 */
const CLASSES_AVAILABLE = false

/** The organization of `?setup=<id>` whose setup steps resume: one the person is an admin of. */
const setupOrganization = (user: User | null, search: string): OnboardingOrganization | null | 'unknown' => {
  const id = Number(new URLSearchParams(search).get('setup') ?? '')
  if (!Number.isInteger(id) || id <= 0) return null
  const membership = user?.organizations.find((org) => org.id === id && org.roles.includes('admin'))
  return membership ? { id: membership.id, name: membership.name, type: membership.type } : 'unknown'
}

/**
 * /onboarding — where a signed-in person without an organization lands (spec §2, §4): the flow of
 * machines/onboarding.ts. An organization made here is named in the address (?setup=<id>) and the
 * session reloads the person's organizations: the guard then shows the same page again, which
 * resumes at the setup steps (as does a reload). The setup ends on the organization's page.
 */
export function OnboardingPage() {
  const session = useSession()
  const user = useSelector(session, (s) => s.context.user)
  const refreshing = useSelector(session, (s) => s.hasTag('busy'))
  const search = useSearch()
  const resumed = setupOrganization(user, search)
  // the session is still loading the organization just made: the guard shows this page again once it has
  if (resumed === 'unknown' && refreshing) return <ScreenLoading />
  return <Onboarding user={user} organization={resumed === 'unknown' ? null : resumed} />
}

function Onboarding({ user, organization }: { user: User | null; organization: OnboardingOrganization | null }) {
  const { LL } = useI18nContext()
  const session = useSession()
  const [, navigate] = useLocation()
  const flow = useActorRef(
    onboardingMachine.provide({
      actors: { uploadLogo },
      actions: {
        warnLogoFailed: () => toaster.warning({ title: LL.onboarding.logoFailed() }),
        rememberOrganization: (_, { organization: made }) => {
          toaster.success({ title: LL.onboarding.created({ name: made.name }) })
          session.send({ type: 'session.refresh' })
          navigate(`/onboarding?setup=${made.id}`, { replace: true })
        },
      },
    }),
    { input: { organization, classesAvailable: CLASSES_AVAILABLE }, ...actorOptions() },
    (snapshot) => {
      if (snapshot.status !== 'done' || !snapshot.output) return
      const output = snapshot.output
      navigate(output.outcome === 'join' ? output.path : `/organization/${output.organizationId}/`)
    },
  )
  const state = useSelector(flow, (s) => s)
  // the logo chosen in the creation dialog (a form value like the others), uploaded once the organization exists
  const [logo, setLogo] = useState<File | null>(null)
  const back = () => flow.send({ type: 'onboarding.back' })

  if (state.matches('welcome')) return <Welcome name={user?.first_name ?? ''} onStart={() => flow.send({ type: 'onboarding.start' })} />
  if (state.matches('pickingRole')) return <RolePicker onPick={(role) => flow.send({ type: 'onboarding.pickRole', role })} onBack={back} />
  if (state.matches('creatingOrganization')) {
    const type = state.context.role === 'companyAdmin' ? 'company' : 'school'
    return (
      <Stack>
        <PageHeader title={LL.onboarding.roleTitle()} />
        <OrganizationDialog
          onClose={back}
          title={type === 'company' ? LL.onboarding.createCompany() : LL.onboarding.createSchool()}
          description={LL.onboarding.createText()}
          wide
        >
          <LogoPicker logo={logo} onChange={setLogo} />
          <OrganizationForm
            organization={null}
            adminContext={false}
            own={type}
            onSaved={(made) => flow.send({ type: 'onboarding.created', organization: { id: made.id, name: made.name, type: made.type }, logo })}
            onCancel={back}
          />
        </OrganizationDialog>
      </Stack>
    )
  }
  if (state.matches('uploadingLogo')) return <ScreenLoading />
  if (state.matches('settingUp')) return <SetupSteps flow={flow} />
  if (state.matches('askingForCode'))
    return <CodeQuestion onYes={() => flow.send({ type: 'onboarding.hasCode' })} onNo={() => flow.send({ type: 'onboarding.noCode' })} onBack={back} />
  if (state.matches('askAdmin'))
    return <AskAdmin onCode={() => flow.send({ type: 'onboarding.hasCode' })} onLearn={() => flow.send({ type: 'onboarding.learn' })} onBack={back} />
  if (state.matches('startLearning')) return <StartLearning onBack={back} />
  return <ScreenLoading />
}
