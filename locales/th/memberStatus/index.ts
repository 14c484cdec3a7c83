import type { NamespaceMemberStatusTranslation } from '../../i18n-types.js'

const th_memberStatus = {
	disable: 'ปิดใช้งาน',
	enable: 'เปิดใช้งาน',
	disabled: 'ปิดใช้งานแล้ว',
	active: 'ใช้งานอยู่',
	status: 'สถานะ',
	actionsFor: 'การดำเนินการสำหรับ {name}',
	disableTitle: 'ปิดใช้งาน {name} หรือไม่',
	disableDescription: '{name} ยังคงมีบทบาทเดิม แต่จะเปิด {organization} ไม่ได้จนกว่าจะเปิดใช้งานอีกครั้ง บัญชีและองค์กรอื่นของเขาไม่ได้รับผลกระทบ',
	enableTitle: 'เปิดใช้งาน {name} หรือไม่',
	enableDescription: '{name} จะเปิด {organization} ได้อีกครั้งพร้อมบทบาทเดิม',
	disabledToast: 'ปิดใช้งาน {name} แล้ว',
	enabledToast: 'เปิดใช้งาน {name} แล้ว',
	soleAdmin: 'ไม่สามารถปิดใช้งานผู้ดูแลระบบที่ใช้งานอยู่เพียงคนเดียวขององค์กรได้',
	disabledNotice: 'สมาชิกคนนี้ถูกปิดใช้งานและเปิดองค์กรนี้ไม่ได้จนกว่าจะเปิดใช้งานอีกครั้ง',
} satisfies NamespaceMemberStatusTranslation

export default th_memberStatus
