import type { NamespaceMemberSystemRemovalTranslation } from '../../i18n-types.js'

const th_memberSystemRemoval = {
	confirmLabel: 'พิมพ์ {email} เพื่อยืนยัน',
	mismatch: 'นี่ไม่ใช่อีเมลของบัญชีนี้',
} satisfies NamespaceMemberSystemRemovalTranslation

export default th_memberSystemRemoval
