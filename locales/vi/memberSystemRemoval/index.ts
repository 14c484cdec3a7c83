import type { NamespaceMemberSystemRemovalTranslation } from '../../i18n-types.js'

const vi_memberSystemRemoval = {
	confirmLabel: 'Nhập {email} để xác nhận',
	mismatch: 'Đây không phải email của tài khoản này.',
} satisfies NamespaceMemberSystemRemovalTranslation

export default vi_memberSystemRemoval
