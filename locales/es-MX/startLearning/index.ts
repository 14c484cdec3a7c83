import type { NamespaceStartLearningTranslation } from '../../i18n-types.js'

const es_MX_startLearning = {
	title: 'Empieza a aprender',
	lead: 'Practicas tu pronunciación en la app móvil, con la misma cuenta que aquí.',
	getTheApp: 'Consigue la app',
	getTheAppText: 'Te enviamos el enlace para instalarla en tu teléfono.',
	byEmail: 'Enviar el enlace por correo',
	bySms: 'Enviar el enlace por SMS',
	emailTitle: 'Enviar el enlace por correo',
	emailText: 'Abre el correo en tu teléfono y sigue el enlace.',
	smsTitle: 'Enviar el enlace por SMS',
	smsText: 'Te enviamos el enlace por mensaje de texto.',
	email: 'Correo electrónico',
	phoneCode: 'Clave',
	phoneNumber: 'Número de teléfono',
	phoneType: 'Tipo de teléfono',
	choosePhoneType: 'Elige tu teléfono',
	ios: 'iPhone o iPad (iOS)',
	android: 'Android',
	send: 'Enviar enlace',
	joinTitle: 'Únete a tu escuela o empresa',
	joinText: 'Todavía no perteneces a ninguna organización. Cuando tu profesor o administrador te invite, abre el enlace del correo de invitación y listo.',
} satisfies NamespaceStartLearningTranslation

export default es_MX_startLearning
