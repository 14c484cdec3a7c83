import type { NamespaceStartLearningTranslation } from '../../i18n-types.js'

const th_startLearning = {
	title: 'เริ่มเรียน',
	lead: 'คุณฝึกออกเสียงในแอปบนมือถือ โดยใช้บัญชีเดียวกับที่นี่',
	getTheApp: 'รับแอป',
	getTheAppText: 'เราจะส่งลิงก์สำหรับติดตั้งแอปบนโทรศัพท์ของคุณ',
	byEmail: 'ส่งลิงก์ทางอีเมล',
	bySms: 'ส่งลิงก์ทาง SMS',
	emailTitle: 'ส่งลิงก์ทางอีเมล',
	emailText: 'เปิดอีเมลบนโทรศัพท์แล้วแตะลิงก์',
	smsTitle: 'ส่งลิงก์ทาง SMS',
	smsText: 'เราจะส่งลิงก์ไปยังโทรศัพท์ของคุณทาง SMS',
	email: 'อีเมล',
	phoneCode: 'รหัส',
	phoneNumber: 'หมายเลขโทรศัพท์',
	phoneType: 'ประเภทโทรศัพท์',
	choosePhoneType: 'เลือกโทรศัพท์ของคุณ',
	ios: 'iPhone หรือ iPad (iOS)',
	android: 'Android',
	send: 'ส่งลิงก์',
	joinTitle: 'เข้าร่วมโรงเรียนหรือบริษัทของคุณ',
	joinText: 'คุณยังไม่ได้อยู่ในองค์กรใด เมื่อครูหรือผู้ดูแลเชิญคุณ ให้เปิดลิงก์ในอีเมลเชิญแล้วคุณจะเข้าร่วมได้ทันที',
} satisfies NamespaceStartLearningTranslation

export default th_startLearning
