import type { NamespaceDeletedOrganizationsTranslation } from '../../i18n-types.js'

const th_deletedOrganizations = {
	filter: 'ที่ลบแล้ว',
	tableLabel: 'องค์กรที่ลบแล้ว',
	note: 'องค์กรที่ลบแล้วจะถูกเก็บไว้ 30 วัน จากนั้นจะถูกลบถาวร ก่อนหน้านั้นสามารถกู้คืนได้',
	columns: {
		name: 'ชื่อ',
		country: 'ประเทศ',
		deletedAt: 'วันที่ลบ',
		purgeAt: 'วันที่ลบถาวร',
		actions: 'การดำเนินการ',
	},
	restore: 'กู้คืน',
	restoreRow: 'กู้คืน {name}',
	confirmTitle: 'กู้คืน {name} หรือไม่?',
	confirmText: 'องค์กรจะกลับมาพร้อมสมาชิก ผู้ดูแล และการตั้งค่า เหมือนก่อนถูกลบ',
	restoredToast: 'กู้คืน {name} แล้ว',
	open: 'เปิด',
	restoreFailed: 'ไม่สามารถกู้คืนองค์กรได้',
	empty: 'ไม่มีองค์กรที่ถูกลบในช่วง 30 วันที่ผ่านมา',
} satisfies NamespaceDeletedOrganizationsTranslation

export default th_deletedOrganizations
