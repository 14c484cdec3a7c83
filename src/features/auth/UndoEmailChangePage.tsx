import { useActorRef, useSelector } from '@xstate/react'
import { useId } from 'react'
import { Link as RouterLink, useSearch } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { undoEmailChangeMachine, type UndoEmailChangeOutput } from '../../../machines/undo-email-change'
import { Stack } from '../../../styled-system/jsx'
import { undoEmailChangeActors } from '../../api/auth'
import { errorMessages } from '../../api/errors'
import { actorOptions } from '../../app/inspect'
import { paths } from '../../app/paths'
import { Button, ErrorPanel, Heading, Text } from '../../ui'
import { usePageTitle } from '../shared/page'
import { AuthCard, WorkingStatus } from './parts'

/**
 * /undo-email-change?token=...: the link mailed to the old address of an e-mail change. The change is
 * undone on arrival and every session ends; the page then sends the person to reset their password.
 */
export function UndoEmailChangePage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? ''
  return <UndoWithToken key={token} token={token} />
}

function UndoWithToken({ token }: { token: string }) {
  const { LL } = useI18nContext()
  const headingId = useId()
  usePageTitle(LL.account.undoEmailChange.title())
  const flow = useActorRef(undoEmailChangeMachine.provide({ actors: undoEmailChangeActors }), { input: { token }, ...actorOptions() })
  const output = useSelector(flow, (s) => (s.status === 'done' ? (s.output as UndoEmailChangeOutput) : null))
  const undoing = useSelector(flow, (s) => s.matches('undoing'))
  const failed = useSelector(flow, (s) => s.matches('failed'))
  const error = useSelector(flow, (s) => s.context.error)
  const messages = error ? errorMessages(error, LL.errors.generic(), LL.errors.network()) : []

  return (
    <AuthCard labelledBy={headingId}>
      <Heading as="h1" size="2xl" id={headingId}>
        {LL.account.undoEmailChange.title()}
      </Heading>
      {undoing ? <WorkingStatus text={LL.account.undoEmailChange.undoing()} py="6" /> : null}
      {output?.outcome === 'undone' ? (
        <Stack gap="4">
          <Text role="status">{LL.account.undoEmailChange.undone()}</Text>
          <Button asChild>
            <RouterLink href={paths.login()}>{LL.account.undoEmailChange.login()}</RouterLink>
          </Button>
        </Stack>
      ) : null}
      {output?.outcome === 'invalid' || failed ? (
        <Stack gap="4">
          <ErrorPanel messages={messages} />
          {failed ? <Button onClick={() => flow.send({ type: 'undo.retry' })}>{LL.common.retry()}</Button> : null}
        </Stack>
      ) : null}
    </AuthCard>
  )
}
