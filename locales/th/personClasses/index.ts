import type { NamespacePersonClassesTranslation } from '../../i18n-types.js'

// The classes on a student's or teacher's details, and the teachers list's counts (spec §2).
const th_personClasses = {
	school: {
		title: 'ชั้นเรียน',
		studentNone: 'ยังไม่ได้อยู่ในชั้นเรียนใด',
		teacherNone: 'ยังไม่ได้สอนชั้นเรียนใด',
		failed: 'โหลดชั้นเรียนไม่สำเร็จ',
		showAll: 'แสดงชั้นเรียนทั้งหมด {count} ชั้น',
		classesTaught: 'ชั้นเรียนที่สอน',
		studentsTaught: 'นักเรียนในชั้นเรียนเหล่านี้',
		studentsColumn: 'นักเรียน',
	},
	company: {
		title: 'ทีม',
		studentNone: 'ยังไม่ได้อยู่ในทีมใด',
		teacherNone: 'ยังไม่ได้นำทีมใด',
		failed: 'โหลดทีมไม่สำเร็จ',
		showAll: 'แสดงทีมทั้งหมด {count} ทีม',
		classesTaught: 'ทีมที่นำ',
		studentsTaught: 'พนักงานในทีมเหล่านี้',
		studentsColumn: 'พนักงาน',
	},
	showFewer: 'แสดงน้อยลง',
	dates: '{start} ถึง {end}',
} satisfies NamespacePersonClassesTranslation

export default th_personClasses
