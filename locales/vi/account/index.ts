import type { NamespaceAccountTranslation } from '../../i18n-types.js'

const vi_account = {
	passwordStrength: {
		weak: 'Độ mạnh mật khẩu: yếu',
		fair: 'Độ mạnh mật khẩu: trung bình',
		good: 'Độ mạnh mật khẩu: khá',
		strong: 'Độ mạnh mật khẩu: mạnh',
		tipCommon: 'Mật khẩu này thuộc nhóm phổ biến nhất. Hãy chọn mật khẩu không ai đoán được.',
		tipPattern: 'Hàng phím, ký tự lặp lại, chuỗi liên tiếp và ngày tháng rất dễ đoán.',
		tipGeneric: 'Càng dài càng mạnh: hãy thêm vài từ không liên quan đến nhau.',
	},
	signUp: {
		title: 'Tạo tài khoản của bạn',
		titleWithOrganization: 'Tham gia {organization}',
		invitedAs: 'Bạn được mời tham gia {organization} với vai trò {role}.',
		invitedEmailHelp: 'Lời mời đã được gửi đến địa chỉ này.',
		firstName: 'Tên',
		lastName: 'Họ',
		email: 'Địa chỉ email',
		password: 'Mật khẩu',
		passwordHelp: 'Ít nhất {min} ký tự.',
		invitationCode: 'Mã mời (không bắt buộc)',
		invitationCodeHelp: 'Nếu trường hoặc công ty đã gửi cho bạn một mã, hãy nhập vào đây để tham gia ngay.',
		submit: 'Tạo tài khoản',
		haveAccount: 'Đã có tài khoản? Đăng nhập',
		socialSignUp: 'Đăng ký bằng {provider}',
		successTitle: 'Hãy kiểm tra hộp thư của bạn',
		successText: 'Chúng tôi đã gửi cho bạn một email có đường liên kết để xác nhận tài khoản. Hãy mở email đó để hoàn tất đăng ký.',
	},
	verifySocial: {
		title: 'Xác nhận thông tin của bạn',
		explanation: 'Chúng tôi sẽ tạo tài khoản cho bạn bằng tên và email từ tài khoản {provider} của bạn. Không thể thay đổi các thông tin này tại đây.',
		confirm: 'Tạo tài khoản của tôi',
	},
	undoEmailChange: {
		title: 'Hủy thay đổi email',
		undoing: 'Đang hủy thay đổi email…',
		undone: 'Thay đổi email đã được hủy và tài khoản của bạn đã được đăng xuất ở mọi nơi. Hãy đặt lại mật khẩu ngay bằng “Quên mật khẩu?” trên trang đăng nhập.',
		login: 'Đến trang đăng nhập',
	},
	recoverPassword: {
		again: 'Dùng email khác',
		title: 'Quên mật khẩu?',
		text: 'Nhập email của tài khoản, chúng tôi sẽ gửi cho bạn đường liên kết để đặt mật khẩu mới.',
		submit: 'Gửi đường liên kết đặt lại',
		sentTitle: 'Hãy kiểm tra hộp thư của bạn',
		sentText: 'Nếu có tài khoản dùng {email}, chúng tôi đã gửi đến đó đường liên kết để đặt lại mật khẩu.',
		backToLogin: 'Quay lại đăng nhập',
	},
	resetPassword: {
		askNewLink: 'Yêu cầu liên kết mới',
		title: 'Đặt mật khẩu mới',
		newPassword: 'Mật khẩu mới',
		confirmPassword: 'Xác nhận mật khẩu mới',
		submit: 'Lưu mật khẩu',
		done: 'Mật khẩu của bạn đã được thay đổi. Bây giờ bạn có thể đăng nhập bằng mật khẩu mới.',
		invalidLink: 'Đường liên kết này đã hết hạn hoặc đã được sử dụng. Hãy yêu cầu đường liên kết mới.',
		checking: 'Đang kiểm tra đường liên kết của bạn…',
	},
	resendConfirmation: {
		title: 'Gửi lại email xác nhận',
		text: 'Nhập email bạn đã dùng để đăng ký, chúng tôi sẽ gửi cho bạn đường liên kết xác nhận mới.',
		submit: 'Gửi đường liên kết',
		sent: 'Nếu có tài khoản chưa xác nhận dùng email này, đường liên kết xác nhận mới đang được gửi đến.',
	},
} satisfies NamespaceAccountTranslation

export default vi_account
