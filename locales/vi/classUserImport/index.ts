import type { NamespaceClassUserImportTranslation } from '../../i18n-types.js'

// The user import into classes (/organization/{id}/classes/import-users): upload, preview per class, consent, send.
const vi_classUserImport = {
	templateXlsx: 'Mẫu (.xlsx)',
	templateCsv: 'Mẫu (.csv)',
	drop: 'Thả tệp .xlsx hoặc .csv vào đây',
	consent: 'Ghi danh ngay: tôi đã được họ cho phép',
	consentHelp: 'Nếu không, mỗi học viên nhận một lời mời để chấp nhận.',
	sending: 'Đang gửi…',
	ready: 'Sẵn sàng gửi lời mời.',
	fixErrors: 'Sửa các dòng này trong tệp, rồi gỡ tệp và tải lên lại.',
	summary: '{total} dòng trong tệp, {errors} dòng có lỗi',
	rowColumn: 'Dòng',
	emailColumn: 'Địa chỉ email',
	statusColumn: 'Kiểm tra',
	noClass: '(không có tên lớp)',
	sent: 'Đã gửi lời mời',
	perClass: '{name}: đã mời {invited}, đã ghi danh {joined}',
	confirm: 'Gửi lời mời ({count})',
	school: {
		title: 'Nhập người dùng vào lớp',
		intro: 'Tải lên tệp .xlsx hoặc .csv, mỗi dòng một người: địa chỉ email và tên lớp. Mỗi dòng được kiểm tra trước khi mời ai.',
		adminOnly: 'Chỉ quản trị viên của tổ chức mới có thể nhập người dùng vào lớp.',
		back: 'Quay lại danh sách lớp',
		action: 'Nhập người dùng vào lớp',
	},
	company: {
		title: 'Nhập người dùng vào nhóm',
		intro: 'Tải lên tệp .xlsx hoặc .csv, mỗi dòng một người: địa chỉ email và tên nhóm. Mỗi dòng được kiểm tra trước khi mời ai.',
		adminOnly: 'Chỉ quản trị viên của tổ chức mới có thể nhập người dùng vào nhóm.',
		back: 'Quay lại danh sách nhóm',
		action: 'Nhập người dùng vào nhóm',
	},
	// what each preview row will do (and did, once confirmed)
	rowStatus: {
		invited: 'Đã mời',
		school: {
			joins: 'Vào lớp ngay (là học viên của tổ chức)',
			invitedStudent: 'Sẽ nhận lời mời vào lớp và tự chấp nhận (là học viên của tổ chức)',
			invitedNew: 'Sẽ nhận lời mời vào tổ chức và lớp',
			joined: 'Đã vào lớp',
		},
		company: {
			joins: 'Vào nhóm ngay (là nhân viên của tổ chức)',
			invitedStudent: 'Sẽ nhận lời mời vào nhóm và tự chấp nhận (là nhân viên của tổ chức)',
			invitedNew: 'Sẽ nhận lời mời vào tổ chức và nhóm',
			joined: 'Đã vào nhóm',
		},
	},
} satisfies NamespaceClassUserImportTranslation

export default vi_classUserImport
