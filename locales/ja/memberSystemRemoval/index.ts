import type { NamespaceMemberSystemRemovalTranslation } from '../../i18n-types.js'

const ja_memberSystemRemoval = {
	confirmLabel: '確認のため {email} を入力してください',
	mismatch: 'このアカウントのメールアドレスではありません。',
} satisfies NamespaceMemberSystemRemovalTranslation

export default ja_memberSystemRemoval
