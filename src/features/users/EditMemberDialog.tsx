import { useState } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import type { ApiFailure, MemberChanges, OrganizationRole, OrganizationUser } from '../../../machines/types'
import { Stack } from '../../../styled-system/jsx'
import { errorMessages } from '../../api/errors'
import { Button, Dialog, ErrorPanel, Portal, Select, TextField } from '../../ui'
import { ROLES, roleLabel, type Terms } from '../shared/terms'

export interface EditMemberDialogProps {
  member: OrganizationUser
  terms: Terms
  busy: boolean
  error: ApiFailure | null
  onSave: (changes: MemberChanges) => void
  onCancel: () => void
}

/** The edit-user dialog (spec §2, §5 Edit organization user): first name, last name, roles (at least one). */
export function EditMemberDialog({ member, terms, busy, error, onSave, onCancel }: EditMemberDialogProps) {
  const { LL } = useI18nContext()
  const t = LL.organizationUsers
  const [firstName, setFirstName] = useState(member.first_name)
  const [lastName, setLastName] = useState(member.last_name)
  const [roles, setRoles] = useState<OrganizationRole[]>(member.roles)
  const [tried, setTried] = useState(false)
  const problems = {
    first_name: firstName.trim() ? undefined : t.firstNameRequired(),
    last_name: lastName.trim() ? undefined : t.lastNameRequired(),
    roles: roles.length > 0 ? undefined : t.pleaseSelectRole(),
  }
  const valid = !problems.first_name && !problems.last_name && !problems.roles

  return (
    <Dialog.Root open onOpenChange={(d) => (d.open ? undefined : onCancel())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w={{ base: 'calc(100vw - 2rem)', sm: 'md' }}>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault()
                setTried(true)
                if (valid) onSave({ first_name: firstName.trim(), last_name: lastName.trim(), roles: ROLES.filter((r) => roles.includes(r)) })
              }}
            >
              <Stack gap="5" p="6">
                <Dialog.Title>{t.editTitle()}</Dialog.Title>
                {error ? <ErrorPanel messages={errorMessages(error, LL.common.genericError())} /> : null}
                <TextField
                  label={t.firstName()}
                  value={firstName}
                  onChange={(e) => setFirstName(e.currentTarget.value)}
                  errorText={tried || !firstName.trim() ? problems.first_name : undefined}
                  required
                />
                <TextField
                  label={t.lastName()}
                  value={lastName}
                  onChange={(e) => setLastName(e.currentTarget.value)}
                  errorText={tried || !lastName.trim() ? problems.last_name : undefined}
                  required
                />
                <Select
                  label={t.roles()}
                  placeholder={t.selectRole()}
                  multiple
                  items={ROLES.map((value) => ({ value, label: roleLabel(terms, value) }))}
                  value={roles}
                  onValueChange={(value) => setRoles(value as OrganizationRole[])}
                  errorText={problems.roles}
                  required
                />
                <Stack direction="row" gap="3" justify="flex-end" flexWrap="wrap">
                  <Button type="button" variant="outline" onClick={onCancel}>
                    {LL.common.cancel()}
                  </Button>
                  <Button type="submit" loading={busy} disabled={!valid}>
                    {LL.common.save()}
                  </Button>
                </Stack>
              </Stack>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
