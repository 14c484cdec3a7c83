import type { NamespaceMemberStatusTranslation } from '../../i18n-types.js'

const pt_BR_memberStatus = {
	disable: 'Desativar',
	enable: 'Ativar',
	disabled: 'Desativado',
	active: 'Ativo',
	status: 'Situação',
	actionsFor: 'Ações para {name}',
	disableTitle: 'Desativar {name}?',
	disableDescription: '{name} mantém suas funções, mas não poderá abrir {organization} até ser ativado novamente. A conta e as outras organizações não são afetadas.',
	enableTitle: 'Ativar {name}?',
	enableDescription: '{name} poderá abrir {organization} novamente, com suas funções.',
	disabledToast: '{name} foi desativado.',
	enabledToast: '{name} foi ativado.',
	soleAdmin: 'Não é possível desativar o único administrador ativo de uma organização.',
	disabledNotice: 'Este membro está desativado e não pode abrir esta organização até ser ativado novamente.',
} satisfies NamespaceMemberStatusTranslation

export default pt_BR_memberStatus
