import { useState } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { TagsInput } from '../../ui'

/**
 * The e-mail tags of an invite form (spec 000 §5, 001 §5 E-mail tags; the organization's invite dialog and
 * a class's pasted addresses): addresses as tags, the ones that are no address named and refused, and,
 * once the form was tried empty (`missing`), the list asked for.
 */
export function EmailTags({ value, onValueChange, missing = false }: { value: string[]; onValueChange: (emails: string[]) => void; missing?: boolean }) {
  const { LL } = useI18nContext()
  const t = LL.organizationUsers
  const [rejected, setRejected] = useState<string[]>([])
  return (
    <TagsInput
      label={t.emails()}
      value={value}
      onValueChange={(emails) => {
        onValueChange(emails)
        setRejected([])
      }}
      onInvalid={setRejected}
      deleteTagLabel={(email) => t.removeEmail({ email })}
      placeholder="name@example.com"
      helperText={t.emailsHelp()}
      errorText={rejected.length > 0 ? t.notAdded({ list: rejected.join(', ') }) : missing ? t.emailsRequired() : undefined}
      required
    />
  )
}
