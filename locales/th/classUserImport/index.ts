import type { NamespaceClassUserImportTranslation } from '../../i18n-types.js'

// The user import into classes (/organization/{id}/classes/import-users): upload, preview per class, consent, send.
const th_classUserImport = {
	templateXlsx: 'เทมเพลต (.xlsx)',
	templateCsv: 'เทมเพลต (.csv)',
	drop: 'วางไฟล์ .xlsx หรือ .csv ที่นี่',
	consent: 'ลงทะเบียนทันที: ได้รับอนุญาตจากผู้เรียนแล้ว',
	consentHelp: 'มิฉะนั้นผู้เรียนแต่ละคนจะได้รับคำเชิญให้ตอบรับ',
	sending: 'กำลังส่ง…',
	ready: 'พร้อมส่งคำเชิญแล้ว',
	fixErrors: 'แก้ไขแถวเหล่านี้ในไฟล์ แล้วนำไฟล์ออกและอัปโหลดอีกครั้ง',
	summary: 'ในไฟล์มี {total} แถว มีข้อผิดพลาด {errors} แถว',
	rowColumn: 'แถว',
	emailColumn: 'อีเมล',
	statusColumn: 'การตรวจสอบ',
	noClass: '(ไม่มีชื่อชั้นเรียน)',
	sent: 'ส่งคำเชิญแล้ว',
	perClass: '{name}: เชิญ {invited} คน ลงทะเบียน {joined} คน',
	confirm: 'ส่งคำเชิญ ({count})',
	school: {
		title: 'นำเข้าผู้ใช้เข้าชั้นเรียน',
		intro: 'อัปโหลดไฟล์ .xlsx หรือ .csv หนึ่งคนต่อแถว: อีเมลและชื่อชั้นเรียน ทุกแถวจะถูกตรวจสอบก่อนเชิญผู้ใด',
		adminOnly: 'เฉพาะผู้ดูแลองค์กรเท่านั้นที่นำเข้าผู้ใช้เข้าชั้นเรียนได้',
		back: 'กลับไปที่ชั้นเรียน',
		action: 'นำเข้าผู้ใช้เข้าชั้นเรียน',
	},
	company: {
		title: 'นำเข้าผู้ใช้เข้าทีม',
		intro: 'อัปโหลดไฟล์ .xlsx หรือ .csv หนึ่งคนต่อแถว: อีเมลและชื่อทีม ทุกแถวจะถูกตรวจสอบก่อนเชิญผู้ใด',
		adminOnly: 'เฉพาะผู้ดูแลองค์กรเท่านั้นที่นำเข้าผู้ใช้เข้าทีมได้',
		back: 'กลับไปที่ทีม',
		action: 'นำเข้าผู้ใช้เข้าทีม',
	},
	// what each preview row will do (and did, once confirmed)
	rowStatus: {
		invited: 'เชิญแล้ว',
		school: {
			joins: 'เข้าชั้นเรียนทันที (เป็นนักเรียนขององค์กร)',
			invitedStudent: 'จะได้รับคำเชิญเข้าชั้นเรียนและตอบรับเอง (เป็นนักเรียนขององค์กร)',
			invitedNew: 'จะได้รับคำเชิญเข้าองค์กรและชั้นเรียน',
			joined: 'เข้าชั้นเรียนแล้ว',
		},
		company: {
			joins: 'เข้าทีมทันที (เป็นพนักงานขององค์กร)',
			invitedStudent: 'จะได้รับคำเชิญเข้าทีมและตอบรับเอง (เป็นพนักงานขององค์กร)',
			invitedNew: 'จะได้รับคำเชิญเข้าองค์กรและทีม',
			joined: 'เข้าทีมแล้ว',
		},
	},
} satisfies NamespaceClassUserImportTranslation

export default th_classUserImport
