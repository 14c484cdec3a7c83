import type { NamespacePersonClassesTranslation } from '../../i18n-types.js'

// The classes on a student's or teacher's details, and the teachers list's counts (spec §2).
const vi_personClasses = {
	school: {
		title: 'Lớp học',
		studentNone: 'Chưa tham gia lớp nào.',
		teacherNone: 'Chưa dạy lớp nào.',
		failed: 'Không tải được các lớp.',
		showAll: 'Xem tất cả {count} lớp',
		classesTaught: 'Số lớp đang dạy',
		studentsTaught: 'Học viên trong các lớp này',
		studentsColumn: 'Học viên',
	},
	company: {
		title: 'Nhóm',
		studentNone: 'Chưa tham gia nhóm nào.',
		teacherNone: 'Chưa dẫn dắt nhóm nào.',
		failed: 'Không tải được các nhóm.',
		showAll: 'Xem tất cả {count} nhóm',
		classesTaught: 'Số nhóm đang dẫn dắt',
		studentsTaught: 'Nhân viên trong các nhóm này',
		studentsColumn: 'Nhân viên',
	},
	showFewer: 'Thu gọn',
	dates: 'Từ {start} đến {end}',
} satisfies NamespacePersonClassesTranslation

export default vi_personClasses
