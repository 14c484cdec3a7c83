import type { NamespaceMemberStatusTranslation } from '../../i18n-types.js'

const vi_memberStatus = {
	disable: 'Vô hiệu hóa',
	enable: 'Kích hoạt',
	disabled: 'Đã vô hiệu hóa',
	active: 'Đang hoạt động',
	status: 'Trạng thái',
	actionsFor: 'Thao tác cho {name}',
	disableTitle: 'Vô hiệu hóa {name}?',
	disableDescription: '{name} vẫn giữ vai trò nhưng không thể mở {organization} cho đến khi được kích hoạt lại. Tài khoản và các tổ chức khác của họ không bị ảnh hưởng.',
	enableTitle: 'Kích hoạt {name}?',
	enableDescription: '{name} có thể mở lại {organization} với các vai trò của mình.',
	disabledToast: 'Đã vô hiệu hóa {name}.',
	enabledToast: 'Đã kích hoạt {name}.',
	soleAdmin: 'Không thể vô hiệu hóa quản trị viên đang hoạt động duy nhất của tổ chức.',
	disabledNotice: 'Thành viên này đã bị vô hiệu hóa và không thể mở tổ chức này cho đến khi được kích hoạt lại.',
} satisfies NamespaceMemberStatusTranslation

export default vi_memberStatus
