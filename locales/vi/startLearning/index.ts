import type { NamespaceStartLearningTranslation } from '../../i18n-types.js'

const vi_startLearning = {
	title: 'Bắt đầu học',
	lead: 'Bạn luyện phát âm trong ứng dụng di động, bằng cùng tài khoản như ở đây.',
	getTheApp: 'Tải ứng dụng',
	getTheAppText: 'Chúng tôi gửi cho bạn liên kết để cài ứng dụng trên điện thoại.',
	byEmail: 'Gửi liên kết qua email',
	bySms: 'Gửi liên kết qua SMS',
	emailTitle: 'Gửi liên kết qua email',
	emailText: 'Mở thư trên điện thoại và bấm vào liên kết.',
	smsTitle: 'Gửi liên kết qua SMS',
	smsText: 'Chúng tôi nhắn liên kết tới điện thoại của bạn.',
	email: 'Email',
	phoneCode: 'Mã',
	phoneNumber: 'Số điện thoại',
	phoneType: 'Loại điện thoại',
	choosePhoneType: 'Chọn điện thoại của bạn',
	ios: 'iPhone hoặc iPad (iOS)',
	android: 'Android',
	send: 'Gửi liên kết',
	joinTitle: 'Tham gia trường hoặc công ty của bạn',
	joinText: 'Bạn chưa thuộc tổ chức nào. Khi giáo viên hoặc quản trị viên mời bạn, hãy mở liên kết trong thư mời là xong.',
} satisfies NamespaceStartLearningTranslation

export default vi_startLearning
