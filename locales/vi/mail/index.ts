import type { NamespaceMailTranslation } from '../../i18n-types.js'

const vi_mail = {
	signature: 'Đội ngũ Pronunciation Portal',
	linkFallback: 'Nếu nút không hoạt động, hãy sao chép đường liên kết này vào trình duyệt của bạn:',
	linkExpires: 'Đường liên kết này có hiệu lực đến {expires|dateTime}.',
	confirmAccount: {
		subject: 'Xác nhận địa chỉ email của bạn',
		greeting: 'Chào {name},',
		body: 'Cảm ơn bạn đã đăng ký Pronunciation Portal. Vui lòng xác nhận địa chỉ email để bắt đầu sử dụng tài khoản.',
		action: 'Xác nhận email của tôi',
		footer: 'Nếu bạn không tạo tài khoản này, bạn có thể bỏ qua email này.',
	},
	resetPassword: {
		subject: 'Đặt lại mật khẩu của bạn',
		greeting: 'Chào {name},',
		body: 'Chúng tôi đã nhận được yêu cầu đặt lại mật khẩu cho tài khoản của bạn. Hãy dùng nút bên dưới để đặt mật khẩu mới. Đường liên kết chỉ dùng được một lần.',
		action: 'Đặt mật khẩu mới',
		footer: 'Nếu bạn không yêu cầu việc này, bạn có thể bỏ qua email này. Mật khẩu của bạn vẫn giữ nguyên.',
	},
	invitation: {
		subject: 'Bạn được mời tham gia {organization}',
		greeting: 'Chào {name},',
		body: '{organization} đã mời bạn tham gia Pronunciation Portal. Vai trò của bạn: {role}.',
		action: 'Chấp nhận lời mời',
		footer: 'Nếu bạn không mong đợi lời mời này, bạn có thể bỏ qua email này.',
	},
	emailChanged: {
		subject: 'Địa chỉ email của bạn đã được thay đổi',
		greeting: 'Chào {name},',
		body: 'Địa chỉ email của tài khoản Pronunciation Portal của bạn đã được đổi thành {email}.',
		action: 'Mở hồ sơ của tôi',
		footer: 'Nếu bạn không thực hiện thay đổi này, hãy đặt lại mật khẩu và liên hệ ngay với quản trị viên tổ chức của bạn.',
	},
	emailChangeRequested: {
		subject: 'Có yêu cầu thay đổi địa chỉ email của bạn',
		greeting: 'Xin chào {name},',
		body: 'Có người đã yêu cầu đổi địa chỉ email của tài khoản Pronunciation Portal của bạn thành {email}.',
		action: 'Hủy thay đổi này',
		footer: 'Nếu đó là bạn, bạn có thể bỏ qua email này. Nếu không, hãy hủy thay đổi: tài khoản của bạn sẽ bị đăng xuất ở mọi nơi, sau đó hãy đặt lại mật khẩu.',
	},
	confirmNewEmail: {
		subject: 'Xác nhận địa chỉ email mới của bạn',
		greeting: 'Chào {name},',
		body: 'Vui lòng xác nhận rằng {email} là địa chỉ email mới của tài khoản Pronunciation Portal của bạn.',
		action: 'Xác nhận email mới',
		footer: 'Nếu bạn không yêu cầu thay đổi này, bạn có thể bỏ qua email này. Địa chỉ email của bạn vẫn giữ nguyên.',
	},
	signUpAttempt: {
		subject: 'Có người đã thử đăng ký bằng địa chỉ email của bạn',
		greeting: 'Chào {name},',
		body: 'Có người đã thử tạo tài khoản Pronunciation Portal mới bằng {email}. Bạn đã có tài khoản với địa chỉ này nên không có tài khoản mới nào được tạo và tài khoản của bạn không bị thay đổi gì. Nếu đó là bạn, hãy đăng nhập bằng tài khoản của bạn. Nếu bạn quên mật khẩu, hãy chọn mật khẩu mới bằng nút bên dưới.',
		action: 'Chọn mật khẩu mới',
		login: 'Đăng nhập',
		footer: 'Nếu đó không phải là bạn, bạn có thể bỏ qua email này. Tài khoản và mật khẩu của bạn vẫn giữ nguyên.',
	},
	passwordChanged: {
		subject: 'Mật khẩu của bạn đã được thay đổi',
		greeting: 'Chào {name},',
		body: 'Mật khẩu của tài khoản Pronunciation Portal của bạn vừa được thay đổi.',
		action: 'Đăng nhập',
		footer: 'Nếu bạn không thay đổi mật khẩu, hãy đặt lại mật khẩu ngay và liên hệ với quản trị viên tổ chức của bạn.',
	},
	appLink: {
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
	},
} satisfies NamespaceMailTranslation

export default vi_mail
