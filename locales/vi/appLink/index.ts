import type { NamespaceAppLinkTranslation } from '../../i18n-types.js'

const vi_appLink = {
	ios: 'iPhone hoặc iPad',
	android: 'điện thoại Android',
	subject: 'Liên kết tới ứng dụng luyện phát âm của bạn',
	greeting: 'Xin chào,',
	body: 'Đây là liên kết để cài ứng dụng luyện phát âm trên {platform} của bạn. Hãy đăng nhập bằng tài khoản bạn dùng trên cổng thông tin và bắt đầu luyện tập.',
	action: 'Cài ứng dụng',
	footer: 'Có người đã yêu cầu Cổng Phát âm gửi liên kết này tới địa chỉ này. Nếu không phải bạn, bạn có thể bỏ qua thư này.',
	sms: 'Liên kết cài ứng dụng luyện phát âm của bạn: {link}',
	mailed: 'Liên kết đang được gửi tới {email}.',
	texted: 'Liên kết đang được gửi tới {phone}.',
	phoneInvalid: 'Đây không phải là số điện thoại của mã quốc gia đó.',
} satisfies NamespaceAppLinkTranslation

export default vi_appLink
