import type { NamespaceAppLinkTranslation } from '../../i18n-types.js'

const th_appLink = {
	ios: 'iPhone หรือ iPad',
	android: 'โทรศัพท์ Android',
	subject: 'ลิงก์สำหรับแอปฝึกออกเสียงของคุณ',
	greeting: 'สวัสดี',
	body: 'นี่คือลิงก์สำหรับติดตั้งแอปฝึกออกเสียงบน {platform} ของคุณ เข้าสู่ระบบด้วยบัญชีเดียวกับที่ใช้ในพอร์ทัลแล้วเริ่มฝึกได้เลย',
	action: 'ติดตั้งแอป',
	footer: 'มีผู้ขอให้ Pronunciation Portal ส่งลิงก์นี้มายังที่อยู่นี้ หากไม่ใช่คุณ คุณสามารถเพิกเฉยต่ออีเมลนี้ได้',
	sms: 'ลิงก์สำหรับติดตั้งแอปฝึกออกเสียงของคุณ: {link}',
	mailed: 'กำลังส่งลิงก์ไปที่ {email}',
	texted: 'กำลังส่งลิงก์ไปที่ {phone}',
	phoneInvalid: 'หมายเลขนี้ไม่ใช่หมายเลขโทรศัพท์ของรหัสประเทศนั้น',
} satisfies NamespaceAppLinkTranslation

export default th_appLink
