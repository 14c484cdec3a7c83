import type { NamespaceFlowsTranslation } from '../../i18n-types.js'

// the flow gallery (src/flows/FlowsPage.tsx): machine and state names stay as the machines spell them
const vi_flows = {
	title: 'Thư viện luồng',
	intro: 'Mọi luồng của cổng thông tin, được vẽ từ máy trạng thái của nó. Chọn một trạng thái để đọc đoạn đặc tả mà trạng thái đó hiện thực.',
	contents: 'Luồng',
	diagram: 'Sơ đồ trạng thái của {name}',
	drawing: 'Đang vẽ sơ đồ trạng thái…',
	drawFailed: 'Không thể vẽ sơ đồ trạng thái.',
	copy: 'Sao chép cho trình soạn thảo Stately',
	copied: 'Đã sao chép. Trong trình soạn thảo Stately, chọn Import from code rồi dán vào.',
	copyFailed: 'Không thể sao chép vào bộ nhớ tạm.',
	screens: 'Các màn hình mà luồng điều khiển',
	noScreens: 'Không có màn hình nào dùng luồng này.',
	states: 'Trạng thái',
	state: 'Trạng thái',
	description: 'Mô tả',
	events: 'Sự kiện',
	none: 'Không có',
	noDescription: 'Không có mô tả',
	spec: 'Đoạn đặc tả',
	specFor: 'Đoạn đặc tả cho {state}',
	pickState: 'Chọn một trạng thái trong sơ đồ (hoặc đưa tiêu điểm vào và nhấn Enter) để đọc đoạn đặc tả mà trạng thái đó hiện thực.',
	flowSpec: 'Đoạn đặc tả của cả luồng',
	inheritedFrom: 'Trạng thái cha {parent} hiện thực đoạn này.',
	noStateSpec: 'Đặc tả không nói riêng về trạng thái này; đây là đoạn đặc tả của cả luồng.',
	source: 'Nguồn: {document}, mục {section}',
} satisfies NamespaceFlowsTranslation

export default vi_flows
