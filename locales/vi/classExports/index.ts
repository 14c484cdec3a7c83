import type { NamespaceClassExportsTranslation } from '../../i18n-types.js'

// the export menu of a class (src/features/reports/ExportMenu.tsx)
const vi_classExports = {
	menu: 'Xuất',
	heading: 'Báo cáo của {what}',
	downloading: 'Đang tải xuống…',
	activityCsv: 'Báo cáo hoạt động (CSV)',
	activityXlsx: 'Báo cáo hoạt động (Excel)',
	assessmentCsv: 'Báo cáo bài đánh giá (CSV)',
	assessmentXlsx: 'Báo cáo bài đánh giá (Excel)',
	lessonCsv: 'Báo cáo chi tiết bài học (CSV)',
	lessonXlsx: 'Báo cáo chi tiết bài học (Excel)',
	failed: 'Không thể tải xuống tệp xuất.',
	retry: 'Thử lại',
	dismiss: 'Đóng',
	// said when the server refuses (403): the class or, in a company, the team
	school: {
		forbidden: 'Bạn không còn quyền xuất dữ liệu của lớp này. Hãy tải lại trang để xem những gì bạn có thể làm.',
	},
	company: {
		forbidden: 'Bạn không còn quyền xuất dữ liệu của nhóm này. Hãy tải lại trang để xem những gì bạn có thể làm.',
	},
} satisfies NamespaceClassExportsTranslation

export default vi_classExports
