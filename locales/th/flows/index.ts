import type { NamespaceFlowsTranslation } from '../../i18n-types.js'

// the flow gallery (src/flows/FlowsPage.tsx): machine and state names stay as the machines spell them
const th_flows = {
	title: 'แกลเลอรีโฟลว์',
	intro: 'ทุกโฟลว์ของพอร์ทัล วาดจากแมชชีนของโฟลว์นั้น เลือกสถานะเพื่ออ่านข้อความในข้อกำหนดที่สถานะนั้นนำไปใช้',
	contents: 'โฟลว์',
	diagram: 'แผนภาพสถานะของ {name}',
	drawing: 'กำลังวาดแผนภาพสถานะ…',
	drawFailed: 'ไม่สามารถวาดแผนภาพสถานะได้',
	copy: 'คัดลอกสำหรับโปรแกรมแก้ไข Stately',
	copied: 'คัดลอกแล้ว ในโปรแกรมแก้ไข Stately ให้เลือก Import from code แล้ววาง',
	copyFailed: 'ไม่สามารถคัดลอกไปยังคลิปบอร์ดได้',
	screens: 'หน้าจอที่โฟลว์นี้ควบคุม',
	noScreens: 'ไม่มีหน้าจอใดใช้โฟลว์นี้',
	states: 'สถานะ',
	state: 'สถานะ',
	description: 'คำอธิบาย',
	events: 'เหตุการณ์',
	none: 'ไม่มี',
	noDescription: 'ไม่มีคำอธิบาย',
	spec: 'ข้อความในข้อกำหนด',
	specFor: 'ข้อความในข้อกำหนดสำหรับ {state}',
	pickState: 'เลือกสถานะในแผนภาพ (หรือโฟกัสแล้วกด Enter) เพื่ออ่านข้อความในข้อกำหนดที่สถานะนั้นนำไปใช้',
	flowSpec: 'ข้อความในข้อกำหนดของทั้งโฟลว์',
	inheritedFrom: 'สถานะแม่ {parent} เป็นผู้ทำตามข้อความนี้',
	noStateSpec: 'ข้อกำหนดไม่ได้กล่าวถึงสถานะนี้โดยเฉพาะ นี่คือข้อความของทั้งโฟลว์',
	source: 'ที่มา: {document} ส่วนที่ {section}',
} satisfies NamespaceFlowsTranslation

export default th_flows
