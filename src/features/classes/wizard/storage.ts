import type { ClassBeingBuilt } from '../../../../machines/types'

/**
 * The class being built, kept in sessionStorage by organization so that a reload (or a look at another
 * tab of the app) does not lose it; dropped when the class is created, saved as a draft or discarded.
 */

const keyOf = (organizationId: number) => `class-wizard:${organizationId}`

export const restoreBuilt = (organizationId: number): ClassBeingBuilt | null => {
  try {
    const text = sessionStorage.getItem(keyOf(organizationId))
    if (!text) return null
    const value = JSON.parse(text) as Partial<ClassBeingBuilt>
    return typeof value.key === 'string' && typeof value.className === 'string' && Array.isArray(value.users) ? (value as ClassBeingBuilt) : null
  } catch {
    return null
  }
}

export const keepBuilt = (organizationId: number, built: ClassBeingBuilt) => {
  try {
    sessionStorage.setItem(keyOf(organizationId), JSON.stringify(built))
  } catch {
    // storage full or refused: the class is still in memory
  }
}

export const dropBuilt = (organizationId: number) => sessionStorage.removeItem(keyOf(organizationId))
