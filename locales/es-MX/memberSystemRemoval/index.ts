import type { NamespaceMemberSystemRemovalTranslation } from '../../i18n-types.js'

const es_MX_memberSystemRemoval = {
	confirmLabel: 'Escribe {email} para confirmar',
	mismatch: 'Este no es el correo de esta cuenta.',
} satisfies NamespaceMemberSystemRemovalTranslation

export default es_MX_memberSystemRemoval
