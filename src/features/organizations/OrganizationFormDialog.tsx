import { useI18nContext } from '../../../locales/i18n-react'
import type { Organization } from '../../../machines/types'
import { OrganizationDialog } from './OrganizationDialog'
import { OrganizationForm } from './OrganizationForm'

/**
 * The create and edit organization dialog (spec §2: about 755 px wide, full width on a narrow
 * screen): the platform admin creates one from the admin list, an admin edits one from its profile.
 */
export function OrganizationFormDialog({
  organization,
  adminContext,
  lockedCountry,
  onSaved,
  onClose,
}: {
  /** The organization to edit, or null to create one. */
  organization: Organization | null
  /** A platform admin: the verified box, and the owner when creating. */
  adminContext: boolean
  /** A country admin's country: the country is fixed to it. */
  lockedCountry?: string | null
  onSaved: (organization: Organization) => void
  onClose: () => void
}) {
  const { LL } = useI18nContext()
  return (
    <OrganizationDialog onClose={onClose} title={organization ? LL.organizationForm.editTitle() : LL.organizationForm.createTitle()} wide>
      <OrganizationForm organization={organization} adminContext={adminContext} lockedCountry={lockedCountry} onSaved={onSaved} onCancel={onClose} />
    </OrganizationDialog>
  )
}
