import { useSyncExternalStore } from 'react'
import type { OrganizationType } from '../../machines/types'
import { onResetDataAreas } from './root'

/**
 * Name and type of the organizations a page has loaded, for the top navigation of a platform admin:
 * they are members of none, so their account does not carry the name of the organization they are
 * looking at. Emptied on logout with the other data areas.
 */

export interface KnownOrganization {
  name: string
  type: OrganizationType
  /** IANA time zone; null: the organization has none (its days are UTC's). */
  timezone: string | null
}

let known = new Map<number, KnownOrganization>()
const listeners = new Set<() => void>()
const changed = () => {
  for (const listener of listeners) listener()
}

export const rememberOrganization = (id: number, organization: KnownOrganization): void => {
  const before = known.get(id)
  if (before?.name === organization.name && before.type === organization.type && before.timezone === organization.timezone) return
  known = new Map(known).set(id, organization)
  changed()
}

onResetDataAreas(() => {
  known = new Map()
  changed()
})

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The organization as a page last loaded it, or undefined. */
export const useKnownOrganization = (id: number | null | undefined): KnownOrganization | undefined =>
  useSyncExternalStore(subscribe, () => (id == null ? undefined : known.get(id)))
