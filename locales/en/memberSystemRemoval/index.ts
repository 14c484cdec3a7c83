import type { BaseTranslation } from '../../i18n-types.js'

const en_memberSystemRemoval = {
	confirmLabel: 'Type {email:string} to confirm',
	mismatch: 'This is not the email of this account.',
} satisfies BaseTranslation

export default en_memberSystemRemoval
