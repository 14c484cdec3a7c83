import type { Locales } from '../../locales/i18n-types.js'
import { translatorFor } from '../../locales/server.js'
import { inUtc } from '../auth/clock.js'
import type { OrganizationType, Role } from '../db/schema.js'
import type { OutgoingMail } from '../services/mail.js'
import { composeMail } from '../services/mail-layout.js'

/** The invitation mail, in the invitee's language, saying until when its link works (issue.ts `invitationMails`). */
export const invitationMail = (invitation: {
  to: string
  language: Locales
  name: string | undefined
  organizationName: string
  organizationType: OrganizationType
  role: Role
  link: string
  expiresAt: Date
}): OutgoingMail => {
  const t = translatorFor(invitation.language)
  const words = t.terms[invitation.organizationType]
  const role = invitation.role === 'admin' ? t.roles.admin() : invitation.role === 'teacher' ? words.teacher() : words.student()
  const m = t.mail.invitation
  return composeMail({
    to: invitation.to,
    language: invitation.language,
    t,
    subject: m.subject({ organization: invitation.organizationName }),
    greeting: m.greeting({ name: invitation.name ?? invitation.to }),
    body: m.body({ organization: invitation.organizationName, role }),
    action: m.action(),
    link: invitation.link,
    expires: inUtc(invitation.expiresAt),
    footer: m.footer(),
  })
}
