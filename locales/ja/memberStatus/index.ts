import type { NamespaceMemberStatusTranslation } from '../../i18n-types.js'

const ja_memberStatus = {
	disable: '無効にする',
	enable: '有効にする',
	disabled: '無効',
	active: '有効',
	status: '状態',
	actionsFor: '{name}の操作',
	disableTitle: '{name}を無効にしますか？',
	disableDescription: '{name}のロールはそのまま残りますが、再度有効にされるまで{organization}を開けなくなります。アカウントと他の組織には影響しません。',
	enableTitle: '{name}を有効にしますか？',
	enableDescription: '{name}は再び{organization}をロールどおりに開けるようになります。',
	disabledToast: '{name}を無効にしました。',
	enabledToast: '{name}を有効にしました。',
	soleAdmin: '組織で唯一の有効な管理者を無効にすることはできません。',
	disabledNotice: 'このメンバーは無効になっており、再度有効にされるまでこの組織を開けません。',
} satisfies NamespaceMemberStatusTranslation

export default ja_memberStatus
