import { useI18nContext } from '../../../../locales/i18n-react'
import type { InvitationBatch } from '../../../../machines/types'
import { useClassWording } from './wording'

/** Why an address was left out of a class: a batch row's problem, or being in the class already. */
export type SkipReason = Exclude<keyof InvitationBatch['counts'], 'ok'>

export interface AddedCounts {
  added: number
  invited: number
  skipped: Partial<Record<SkipReason, number>>
}

/**
 * What adding students to a class did, in one sentence and the reasons of the skipped ones (issue 9: the
 * pasted addresses and the uploaded list say how many were added, invited and skipped, and why).
 */
export function useAddedSummary(organizationId: number) {
  const { LL, locale } = useI18nContext()
  const t = LL.classDetails
  const w = useClassWording(organizationId)
  const reasonText = (reason: SkipReason, count: number): string =>
    reason === 'in_class' ? w.skipInClass({ count }) : reason === 'invited' ? w.skipInvited({ count }) : t.skipReason[reason]({ count })
  return ({ added, invited, skipped }: AddedCounts): { title: string; description?: string } => {
    const reasons = (Object.entries(skipped) as [SkipReason, number][]).filter(([, count]) => count > 0)
    const total = reasons.reduce((sum, [, count]) => sum + count, 0)
    const title = t.added({ added, invited, skipped: total })
    if (total === 0) return { title }
    const list = new Intl.ListFormat(locale, { type: 'unit' }).format(reasons.map(([reason, count]) => reasonText(reason, count)))
    return { title, description: t.skippedBecause({ reasons: list }) }
  }
}

/** The skipped rows of a class's uploaded list, by reason, as it was sent. */
export const skippedRows = (counts: InvitationBatch['counts']): AddedCounts['skipped'] => {
  const { ok: _sent, ...skipped } = counts
  return skipped
}
