import type { BaseTranslation } from '../../i18n-types.js'

const en_memberStatus = {
	disable: 'Disable',
	enable: 'Enable',
	disabled: 'Disabled',
	active: 'Active',
	status: 'Status',
	actionsFor: 'Actions for {name:string}',
	disableTitle: 'Disable {name:string}?',
	disableDescription: '{name:string} keeps their roles but cannot open {organization:string} until enabled again. Their account and their other organizations are not affected.',
	enableTitle: 'Enable {name:string}?',
	enableDescription: '{name:string} can open {organization:string} again, with their roles.',
	disabledToast: '{name:string} was disabled.',
	enabledToast: '{name:string} was enabled.',
	soleAdmin: 'Cannot disable the only active admin of an organization.',
	disabledNotice: 'This member is disabled and cannot open this organization until enabled again.',
} satisfies BaseTranslation

export default en_memberStatus
