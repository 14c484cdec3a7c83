import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { useI18nContext } from '../../../locales/i18n-react'
import type { onboardingMachine } from '../../../machines/onboarding'
import { Box, HStack, Stack } from '../../../styled-system/jsx'
import { Badge, Button, Card, Heading, Text } from '../../ui'
import { InviteByEmailDialog } from '../organizations/InviteByEmailDialog'
import { PageHeader } from '../shared/page'
import { useTerms } from '../shared/terms'

type Step = 'createClass' | 'inviteTeachers' | 'inviteStudents'

/**
 * The new organization's setup steps (spec §2): create a class (only once classes exist), invite
 * teachers, invite students, each skippable, with the step and the invitations sent shown. The
 * invitations go through the organization's own invite-by-e-mail dialog.
 */
export function SetupSteps({ flow }: { flow: ActorRefFrom<typeof onboardingMachine> }) {
  const { LL } = useI18nContext()
  const t = LL.onboarding
  const organization = useSelector(flow, (s) => s.context.organization)
  const classesAvailable = useSelector(flow, (s) => s.context.classesAvailable)
  const step = useSelector(flow, (s): Step =>
    s.matches({ settingUp: 'createClass' }) ? 'createClass' : s.matches({ settingUp: 'inviteTeachers' }) ? 'inviteTeachers' : 'inviteStudents',
  )
  const inviting = useSelector(flow, (s) => s.matches({ settingUp: { inviteTeachers: 'inviting' } }) || s.matches({ settingUp: { inviteStudents: 'inviting' } }))
  const invited = useSelector(flow, (s) => (step === 'inviteTeachers' ? s.context.invitedTeachers : step === 'inviteStudents' ? s.context.invitedStudents : 0))
  const terms = useTerms(organization?.type)
  if (!organization) return null

  const steps: Step[] = classesAvailable ? ['createClass', 'inviteTeachers', 'inviteStudents'] : ['inviteTeachers', 'inviteStudents']
  const kind = organization.type
  const name = organization.name
  const title = step === 'createClass' ? t.createClassTitle() : step === 'inviteTeachers' ? t.inviteTeachers[kind]() : t.inviteStudents[kind]()
  const text = step === 'createClass' ? t.createClassText() : step === 'inviteTeachers' ? t.inviteTeachersText({ name }) : t.inviteStudentsText({ name })

  return (
    <Stack gap="4" maxW="2xl">
      <PageHeader title={t.setupTitle({ name })} />
      <Card.Root>
        <Card.Body pt="6">
          <Stack gap="4">
            <Text color="fg.muted" fontSize="sm">
              {t.progress({ step: steps.indexOf(step) + 1, total: steps.length })}
            </Text>
            <HStack gap="2" aria-hidden>
              {steps.map((each, index) => (
                <Box key={each} flex="1" h="1.5" borderRadius="full" bg={index <= steps.indexOf(step) ? 'colorPalette.default' : 'bg.emphasized'} />
              ))}
            </HStack>
            <Heading as="h2" size="lg">
              {title}
            </Heading>
            <Text>{text}</Text>
            {invited > 0 ? <Badge alignSelf="flex-start">{t.invited({ count: invited })}</Badge> : null}
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              {step === 'createClass' ? null : <Button onClick={() => flow.send({ type: 'onboarding.openInvite' })}>{t.invite()}</Button>}
              {invited > 0 ? (
                <Button variant="outline" onClick={() => flow.send({ type: 'onboarding.next' })}>
                  {step === 'inviteStudents' ? t.finish({ name }) : t.next()}
                </Button>
              ) : (
                <Button variant="ghost" onClick={() => flow.send({ type: 'onboarding.skip' })}>
                  {t.skip()}
                </Button>
              )}
            </Stack>
          </Stack>
        </Card.Body>
      </Card.Root>
      {inviting ? (
        <InviteByEmailDialog
          organizationId={organization.id}
          organizationName={name}
          terms={terms}
          fixedRole={step === 'inviteTeachers' ? 'teacher' : 'student'}
          onClose={() => flow.send({ type: 'onboarding.closeInvite' })}
          onSent={(count) => flow.send({ type: 'onboarding.invited', count })}
        />
      ) : null}
    </Stack>
  )
}
