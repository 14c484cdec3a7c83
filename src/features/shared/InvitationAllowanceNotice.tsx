import type { components } from '../../../openapi/schema'
import { useI18nContext } from '../../../locales/i18n-react'
import { Stack } from '../../../styled-system/jsx'
import { ErrorPanel, Text } from '../../ui'

export type InvitationAllowance = components['schemas']['InvitationAllowance']

/** Whole hours from now until `resetsAt`, at least 1. */
const hoursUntil = (resetsAt: string, now: number) => Math.max(1, Math.ceil((Date.parse(resetsAt) - now) / 3_600_000))

/**
 * An import's preview of the organization's invitations a day (issue 18): how many it may still send
 * today against how many the import would send; when that is more, that the confirmation would be refused
 * as a whole, and what to do (fewer people, a later hour, or the organization verified).
 */
export function InvitationAllowanceNotice({ allowance }: { allowance: InvitationAllowance | undefined }) {
  const { LL } = useI18nContext()
  if (!allowance || allowance.to_send === 0) return null
  const A = LL.invitationImport.allowance
  const over = allowance.to_send > allowance.left_today
  // waiting helps only when the import fits in a whole day and the day has invitations already
  const wait = allowance.resets_at !== null && allowance.to_send <= allowance.per_day
  const messages = over
    ? [
        wait ? A.overWait({ hours: hoursUntil(allowance.resets_at!, Date.now()) }) : A.overSplit(),
        ...(allowance.verified ? [] : [A.verify()]),
      ]
    : []
  return (
    <Stack gap="2" data-testid="invitation-allowance">
      <Text>{A.left({ left: allowance.left_today, perDay: allowance.per_day, toSend: allowance.to_send })}</Text>
      {over ? <ErrorPanel messages={messages} /> : null}
    </Stack>
  )
}
