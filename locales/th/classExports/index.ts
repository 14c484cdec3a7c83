import type { NamespaceClassExportsTranslation } from '../../i18n-types.js'

// the export menu of a class (src/features/reports/ExportMenu.tsx)
const th_classExports = {
	menu: 'ส่งออก',
	heading: 'รายงานของ{what}',
	downloading: 'กำลังดาวน์โหลด…',
	activityCsv: 'รายงานกิจกรรม (CSV)',
	activityXlsx: 'รายงานกิจกรรม (Excel)',
	assessmentCsv: 'รายงานการประเมิน (CSV)',
	assessmentXlsx: 'รายงานการประเมิน (Excel)',
	lessonCsv: 'รายงานรายละเอียดบทเรียน (CSV)',
	lessonXlsx: 'รายงานรายละเอียดบทเรียน (Excel)',
	failed: 'ไม่สามารถดาวน์โหลดไฟล์ส่งออกได้',
	retry: 'ลองอีกครั้ง',
	dismiss: 'ปิด',
	// said when the server refuses (403): the class or, in a company, the team
	school: {
		forbidden: 'คุณไม่สามารถส่งออกข้อมูลของชั้นเรียนนี้ได้อีกต่อไป โหลดหน้าใหม่เพื่อดูสิ่งที่คุณทำได้',
	},
	company: {
		forbidden: 'คุณไม่สามารถส่งออกข้อมูลของทีมนี้ได้อีกต่อไป โหลดหน้าใหม่เพื่อดูสิ่งที่คุณทำได้',
	},
} satisfies NamespaceClassExportsTranslation

export default th_classExports
