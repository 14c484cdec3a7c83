import type { NamespaceAppLinkTranslation } from '../../i18n-types.js'

const es_MX_appLink = {
	ios: 'iPhone o iPad',
	android: 'teléfono Android',
	subject: 'Tu enlace a la app de pronunciación',
	greeting: 'Hola:',
	body: 'Este es el enlace para instalar la app de pronunciación en tu {platform}. Inicia sesión con la cuenta que usas en el portal y empieza a practicar.',
	action: 'Instalar la app',
	footer: 'Alguien pidió al Portal de Pronunciación enviar este enlace a esta dirección. Si no fuiste tú, puedes ignorar este correo.',
	sms: 'Tu enlace para instalar la app de pronunciación: {link}',
	mailed: 'El enlace va en camino a {email}.',
	texted: 'El enlace va en camino a {phone}.',
	phoneInvalid: 'Este no es un número de teléfono de esa clave de país.',
} satisfies NamespaceAppLinkTranslation

export default es_MX_appLink
