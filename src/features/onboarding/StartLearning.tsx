import { useActorRef, useSelector } from '@xstate/react'
import { Suspense } from 'react'
import { Link as RouterLink } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { sendAppLinkMachine } from '../../../machines/send-app-link'
import { Stack } from '../../../styled-system/jsx'
import { sendAppLink } from '../../api/app-link'
import { actorOptions } from '../../app/inspect'
import { onDemand } from '../../app/on-demand'
import { useCurrentUser } from '../../app/root-context'
import { Button, Card, Heading, Link, Text, toaster } from '../../ui'
import { PageHeader } from '../shared/page'

/** The dialog's code (its form, the phone field's select) comes when a button is pointed at or focused, else when it opens. */
const SendAppLinkDialog = onDemand(() => import('./SendAppLinkDialog').then((m) => m.SendAppLinkDialog))

/**
 * The start-learning screen (spec §2), the onboarding's step for a student (and a teacher waiting for
 * an invitation): the app's download link by e-mail or by text message, and how to join an
 * organization, by its invitation mail or with a code (the join page). The student's dashboard shows
 * it too (without the way back) until the student first practises.
 */
export function StartLearning({ onBack }: { onBack?: () => void }) {
  const { LL } = useI18nContext()
  const t = LL.startLearning
  const user = useCurrentUser()
  const flow = useActorRef(
    sendAppLinkMachine.provide({
      actors: { sendAppLink },
      actions: { announceSent: (_, { detail }) => toaster.success({ title: detail }) },
    }),
    actorOptions(),
  )
  const open = useSelector(flow, (s) => (s.matches('open') ? s.context.channel : null))
  const busy = useSelector(flow, (s) => s.hasTag('busy'))
  const error = useSelector(flow, (s) => (s.hasTag('error') ? s.context.error : null))

  return (
    <Stack gap="6" maxW="2xl">
      <PageHeader title={t.title()}>{t.lead()}</PageHeader>
      <Card.Root>
        <Card.Body pt="6">
          <Stack gap="4">
            <Heading as="h2" size="lg">
              {t.getTheApp()}
            </Heading>
            <Text color="fg.muted">{t.getTheAppText()}</Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Button {...SendAppLinkDialog.prefetch} onClick={() => flow.send({ type: 'dialog.open', channel: 'email' })}>
                {t.byEmail()}
              </Button>
              <Button variant="outline" {...SendAppLinkDialog.prefetch} onClick={() => flow.send({ type: 'dialog.open', channel: 'sms' })}>
                {t.bySms()}
              </Button>
            </Stack>
          </Stack>
        </Card.Body>
      </Card.Root>
      {user && user.organizations.length === 0 ? (
        <Card.Root>
          <Card.Body pt="6">
            <Stack gap="2">
              <Heading as="h2" size="lg">
                {t.joinTitle()}
              </Heading>
              <Text color="fg.muted">{t.joinText()}</Text>
              <Link asChild alignSelf="flex-start">
                <RouterLink href="/join">{LL.onboarding.haveCode()}</RouterLink>
              </Link>
            </Stack>
          </Card.Body>
        </Card.Root>
      ) : null}
      {onBack ? (
        <Button variant="ghost" alignSelf="flex-start" onClick={onBack}>
          {LL.onboarding.back()}
        </Button>
      ) : null}
      {open && user ? (
        // a new dialog (and form) each time one opens: a sent link leaves nothing behind
        <Suspense fallback={null}>
          <SendAppLinkDialog.Component
            channel={open}
            user={user}
            busy={busy}
            error={error}
            onSend={(request) => flow.send({ type: 'link.send', request })}
            onClose={() => flow.send({ type: 'dialog.close' })}
          />
        </Suspense>
      ) : null}
    </Stack>
  )
}
