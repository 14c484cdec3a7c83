import type { NamespaceDeletedOrganizationsTranslation } from '../../i18n-types.js'

const vi_deletedOrganizations = {
	filter: 'Đã xóa',
	tableLabel: 'Tổ chức đã xóa',
	note: 'Tổ chức đã xóa được giữ 30 ngày, sau đó bị xóa vĩnh viễn. Trước thời điểm đó có thể khôi phục.',
	columns: {
		name: 'Tên',
		country: 'Quốc gia',
		deletedAt: 'Ngày xóa',
		purgeAt: 'Xóa vĩnh viễn vào',
		actions: 'Thao tác',
	},
	restore: 'Khôi phục',
	restoreRow: 'Khôi phục {name}',
	confirmTitle: 'Khôi phục {name}?',
	confirmText: 'Tổ chức sẽ trở lại cùng các thành viên, quản trị viên và cài đặt như trước khi bị xóa.',
	restoredToast: 'Đã khôi phục {name}.',
	open: 'Mở',
	restoreFailed: 'Không thể khôi phục tổ chức.',
	empty: 'Không có tổ chức nào bị xóa trong 30 ngày qua.',
} satisfies NamespaceDeletedOrganizationsTranslation

export default vi_deletedOrganizations
