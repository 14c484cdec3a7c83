import type { NamespaceLegalTranslation } from '../../i18n-types.js'

const vi_legal = {
	terms: {
		p1: 'Pronunciation Portal là dịch vụ dành cho trường học và công ty quản lý người học phát âm tiếng Anh. Khi sử dụng, bạn đồng ý với các điều khoản này.',
		p2: 'Tổ chức của bạn quyết định ai được dùng cổng thông tin và với vai trò nào. Chỉ dùng tài khoản cho mục đích của tổ chức và không chia sẻ mật khẩu.',
		p3: 'Không tải lên nội dung mà bạn không được phép chia sẻ, không cố truy cập dữ liệu của tổ chức khác hoặc gây gián đoạn dịch vụ.',
		p4: 'Chúng tôi có thể thay đổi các điều khoản này; khi đó phiên bản mới sẽ được đăng trên trang này. Nếu có câu hỏi, hãy liên hệ quản trị viên của tổ chức bạn.',
	},
	privacy: {
		p1: 'Chúng tôi lưu dữ liệu cần thiết cho tài khoản của bạn: họ tên, email, ngôn ngữ, các tổ chức bạn thuộc về và vai trò của bạn trong đó.',
		p2: 'Quản trị viên của tổ chức bạn có thể xem hồ sơ và tiến độ luyện tập của bạn. Người của tổ chức khác thì không.',
		p3: 'Chúng tôi chỉ gửi email về tài khoản của bạn: liên kết xác nhận, đặt lại mật khẩu và lời mời. Chúng tôi không bán dữ liệu của bạn.',
		p4: 'Bạn có thể thay đổi thông tin trên trang hồ sơ và xóa tài khoản bất cứ lúc nào; khi đó dữ liệu cá nhân của bạn sẽ bị xóa.',
	},
} satisfies NamespaceLegalTranslation

export default vi_legal
