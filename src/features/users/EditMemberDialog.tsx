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

/** The longest department or title the server keeps (openapi TeacherLabel). */
const LABEL_MAX = 100

/**
 * The edit-user dialog (spec §2, §5 Edit organization user): first name, last name, roles (at least one),
 * and, while the teacher role is chosen, the teacher's department and title (empty clears them).
 */
export function EditMemberDialog({ member, terms, busy, error, onSave, onCancel }: EditMemberDialogProps) {
  const { LL } = useI18nContext()
  const t = LL.organizationUsers
  const [firstName, setFirstName] = useState(member.first_name)
  const [lastName, setLastName] = useState(member.last_name)
  const [roles, setRoles] = useState<OrganizationRole[]>(member.roles)
  const [department, setDepartment] = useState(member.department ?? '')
  const [title, setTitle] = useState(member.title ?? '')
  const [tried, setTried] = useState(false)
  const teacher = roles.includes('teacher')
  const tooLong = (value: string) => (teacher && value.trim().length > LABEL_MAX ? t.labelTooLong({ max: LABEL_MAX }) : undefined)
  const problems = {
    first_name: firstName.trim() ? undefined : t.firstNameRequired(),
    last_name: lastName.trim() ? undefined : t.lastNameRequired(),
    roles: roles.length > 0 ? undefined : t.pleaseSelectRole(),
    department: tooLong(department),
    title: tooLong(title),
  }
  const valid = Object.values(problems).every((problem) => !problem)

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
                if (valid)
                  onSave({
                    first_name: firstName.trim(),
                    last_name: lastName.trim(),
                    roles: ROLES.filter((r) => roles.includes(r)),
                    // the server refuses them for a member without the teacher role
                    ...(teacher ? { department: department.trim() || null, title: title.trim() || null } : {}),
                  })
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
                {teacher ? (
                  <>
                    <TextField
                      label={t.department()}
                      value={department}
                      onChange={(e) => setDepartment(e.currentTarget.value)}
                      errorText={problems.department}
                    />
                    <TextField label={t.jobTitle()} value={title} onChange={(e) => setTitle(e.currentTarget.value)} errorText={problems.title} />
                  </>
                ) : null}
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
