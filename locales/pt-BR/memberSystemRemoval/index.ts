import type { NamespaceMemberSystemRemovalTranslation } from '../../i18n-types.js'

const pt_BR_memberSystemRemoval = {
	confirmLabel: 'Digite {email} para confirmar',
	mismatch: 'Este não é o e-mail desta conta.',
} satisfies NamespaceMemberSystemRemovalTranslation

export default pt_BR_memberSystemRemoval
