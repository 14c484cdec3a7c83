import { useMemo } from 'react'
import { Temporal } from 'temporal-polyfill'
import { membershipOf } from '../../../machines/roles'
import { useKnownOrganization } from '../../app/known-organizations'
import { useCurrentUser } from '../../app/root-context'

/**
 * Whose day it is (issue 9): the server dates a class's status in its organization's time zone (UTC
 * without one; server/classes/status.ts), so the pages count days left and to go, draw the progress bar
 * and start a new class on the organization's date too, not on the browser's: at 7 in the morning in
 * Tokyo it is still yesterday in Los Angeles.
 */

/**
 * The zone an organization's dates and times are read in: null is an organization without one (UTC, as
 * the server counts), undefined one whose zone is not known here yet (the browser's, the best guess until
 * it is), and a zone this browser does not know is UTC too.
 */
export function organizationZone(timeZone: string | null | undefined): string {
  if (timeZone === undefined) return Temporal.Now.timeZoneId()
  try {
    return Temporal.Now.zonedDateTimeISO(timeZone ?? 'UTC').timeZoneId
  } catch {
    return 'UTC'
  }
}

/** Today in the organization's time zone (organizationZone). */
export function organizationToday(timeZone: string | null | undefined): Temporal.PlainDate {
  return Temporal.Now.plainDateISO(organizationZone(timeZone))
}

/** The time zone of an organization: from the user's membership, or as a page loaded it (a platform admin). */
export function useOrganizationTimeZone(organizationId: number): string | null | undefined {
  const membership = membershipOf(useCurrentUser(), organizationId)
  const known = useKnownOrganization(organizationId)
  return membership?.timezone !== undefined ? membership.timezone : known?.timezone
}

/** Today in the organization's time zone, once per page (as before, a page left open past midnight keeps its day). */
export function useOrganizationToday(organizationId: number): Temporal.PlainDate {
  const timeZone = useOrganizationTimeZone(organizationId)
  return useMemo(() => organizationToday(timeZone), [timeZone])
}
