import type { NamespaceMemberStatusTranslation } from '../../i18n-types.js'

const es_MX_memberStatus = {
	disable: 'Deshabilitar',
	enable: 'Habilitar',
	disabled: 'Deshabilitado',
	active: 'Activo',
	status: 'Estado',
	actionsFor: 'Acciones para {name}',
	disableTitle: '¿Deshabilitar a {name}?',
	disableDescription: '{name} conserva sus roles, pero no podrá abrir {organization} hasta que se habilite de nuevo. Su cuenta y sus otras organizaciones no se ven afectadas.',
	enableTitle: '¿Habilitar a {name}?',
	enableDescription: '{name} podrá abrir {organization} de nuevo, con sus roles.',
	disabledToast: '{name} fue deshabilitado.',
	enabledToast: '{name} fue habilitado.',
	soleAdmin: 'No se puede deshabilitar al único administrador activo de una organización.',
	disabledNotice: 'Este miembro está deshabilitado y no puede abrir esta organización hasta que se habilite de nuevo.',
} satisfies NamespaceMemberStatusTranslation

export default es_MX_memberStatus
