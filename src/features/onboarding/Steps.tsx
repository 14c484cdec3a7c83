import { useI18nContext } from '../../../locales/i18n-react'
import type { OnboardingRole } from '../../../machines/types'
import { Grid, Stack } from '../../../styled-system/jsx'
import { Button, Card, Text } from '../../ui'
import { PageHeader } from '../shared/page'

/** The onboarding's simple pages (spec §2): welcome, who are you, the teacher's code question and how to ask the admin. */

function BackButton({ onBack }: { onBack: () => void }) {
  const { LL } = useI18nContext()
  return (
    <Button variant="ghost" alignSelf="flex-start" onClick={onBack}>
      {LL.onboarding.back()}
    </Button>
  )
}

export function Welcome({ name, onStart }: { name: string; onStart: () => void }) {
  const { LL } = useI18nContext()
  return (
    <Stack gap="4" maxW="2xl">
      <PageHeader title={LL.onboarding.welcomeTitle({ name })}>{LL.onboarding.welcomeText()}</PageHeader>
      <Button alignSelf="flex-start" onClick={onStart}>
        {LL.onboarding.start()}
      </Button>
    </Stack>
  )
}

const ROLES: readonly OnboardingRole[] = ['schoolAdmin', 'companyAdmin', 'teacher', 'student']

export function RolePicker({ onPick, onBack }: { onPick: (role: OnboardingRole) => void; onBack: () => void }) {
  const { LL } = useI18nContext()
  const t = LL.onboarding.roles
  const texts: Record<OnboardingRole, [string, string]> = {
    schoolAdmin: [t.schoolAdmin(), t.schoolAdminText()],
    companyAdmin: [t.companyAdmin(), t.companyAdminText()],
    teacher: [t.teacher(), t.teacherText()],
    student: [t.student(), t.studentText()],
  }
  return (
    <Stack gap="4" maxW="3xl">
      <PageHeader title={LL.onboarding.roleTitle()}>{LL.onboarding.roleText()}</PageHeader>
      <Grid columns={{ base: 1, sm: 2 }} gap="4">
        {ROLES.map((role) => (
          <Card.Root key={role}>
            <Card.Body pt="6">
              <Stack gap="3" h="full">
                <Text color="fg.muted" flex="1">
                  {texts[role][1]}
                </Text>
                <Button onClick={() => onPick(role)}>{texts[role][0]}</Button>
              </Stack>
            </Card.Body>
          </Card.Root>
        ))}
      </Grid>
      <BackButton onBack={onBack} />
    </Stack>
  )
}

export function CodeQuestion({ onYes, onNo, onBack }: { onYes: () => void; onNo: () => void; onBack: () => void }) {
  const { LL } = useI18nContext()
  return (
    <Stack gap="4" maxW="2xl">
      <PageHeader title={LL.onboarding.codeQuestion()}>{LL.onboarding.codeText()}</PageHeader>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <Button onClick={onYes}>{LL.onboarding.yes()}</Button>
        <Button variant="outline" onClick={onNo}>
          {LL.onboarding.no()}
        </Button>
      </Stack>
      <BackButton onBack={onBack} />
    </Stack>
  )
}

export function AskAdmin({ onCode, onLearn, onBack }: { onCode: () => void; onLearn: () => void; onBack: () => void }) {
  const { LL } = useI18nContext()
  return (
    <Stack gap="4" maxW="2xl">
      <PageHeader title={LL.onboarding.askTitle()} />
      <Text>{LL.onboarding.askText()}</Text>
      <Text>{LL.onboarding.askThen()}</Text>
      <Button alignSelf="flex-start" onClick={onCode}>
        {LL.onboarding.enterCode()}
      </Button>
      <Card.Root>
        <Card.Body pt="6">
          <Stack gap="3">
            <Text color="fg.muted">{LL.onboarding.meanwhile()}</Text>
            <Button variant="outline" alignSelf="flex-start" onClick={onLearn}>
              {LL.onboarding.learnInApp()}
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
      <BackButton onBack={onBack} />
    </Stack>
  )
}
