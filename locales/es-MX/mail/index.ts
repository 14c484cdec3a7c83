import type { NamespaceMailTranslation } from '../../i18n-types.js'

const es_MX_mail = {
	signature: 'El equipo de Pronunciation Portal',
	linkFallback: 'Si el botón no funciona, copia este enlace en tu navegador:',
	linkExpires: 'Este enlace funciona hasta el {expires|dateTime}.',
	confirmAccount: {
		subject: 'Confirma tu correo electrónico',
		greeting: 'Hola, {name}:',
		body: 'Gracias por registrarte en Pronunciation Portal. Confirma tu correo electrónico para empezar a usar tu cuenta.',
		action: 'Confirmar mi correo',
		footer: 'Si no creaste esta cuenta, puedes ignorar este correo.',
	},
	resetPassword: {
		subject: 'Restablece tu contraseña',
		greeting: 'Hola, {name}:',
		body: 'Recibimos una solicitud para restablecer la contraseña de tu cuenta. Usa el botón de abajo para elegir una nueva. El enlace solo se puede usar una vez.',
		action: 'Elegir una contraseña nueva',
		footer: 'Si no lo pediste, puedes ignorar este correo. Tu contraseña seguirá siendo la misma.',
	},
	invitation: {
		subject: 'Te invitaron a unirte a {organization}',
		greeting: 'Hola, {name}:',
		body: '{organization} te invitó a unirte a Pronunciation Portal. Tu rol: {role}.',
		action: 'Aceptar invitación',
		footer: 'Si no esperabas esta invitación, puedes ignorar este correo.',
	},
	emailChanged: {
		subject: 'Se cambió tu correo electrónico',
		greeting: 'Hola, {name}:',
		body: 'El correo electrónico de tu cuenta de Pronunciation Portal se cambió a {email}.',
		action: 'Abrir mi perfil',
		footer: 'Si tú no hiciste este cambio, restablece tu contraseña y comunícate de inmediato con el administrador de tu organización.',
	},
	emailChangeRequested: {
		subject: 'Se solicitó un cambio de tu dirección de correo',
		greeting: 'Hola {name}:',
		body: 'Alguien pidió cambiar la dirección de correo de tu cuenta de Pronunciation Portal a {email}.',
		action: 'Deshacer este cambio',
		footer: 'Si fuiste tú, puedes ignorar este correo. Si no, deshaz el cambio: se cerrarán todas las sesiones de tu cuenta; después restablece tu contraseña.',
	},
	confirmNewEmail: {
		subject: 'Confirma tu nuevo correo electrónico',
		greeting: 'Hola, {name}:',
		body: 'Confirma que {email} es el nuevo correo electrónico de tu cuenta de Pronunciation Portal.',
		action: 'Confirmar nuevo correo',
		footer: 'Si no pediste este cambio, puedes ignorar este correo. Tu dirección seguirá siendo la misma.',
	},
	signUpAttempt: {
		subject: 'Alguien intentó registrarse con tu correo electrónico',
		greeting: 'Hola, {name}:',
		body: 'Alguien intentó crear una cuenta nueva de Pronunciation Portal con {email}. Ya tienes una cuenta con este correo, así que no se creó ninguna cuenta y no se cambió nada en la tuya. Si fuiste tú, inicia sesión con tu cuenta. Si olvidaste tu contraseña, elige una nueva con el botón de abajo.',
		action: 'Elegir una nueva contraseña',
		login: 'Iniciar sesión',
		footer: 'Si no fuiste tú, puedes ignorar este correo. Tu cuenta y tu contraseña siguen igual.',
	},
	passwordChanged: {
		subject: 'Se cambió tu contraseña',
		greeting: 'Hola, {name}:',
		body: 'La contraseña de tu cuenta de Pronunciation Portal se acaba de cambiar.',
		action: 'Iniciar sesión',
		footer: 'Si tú no la cambiaste, restablece tu contraseña de inmediato y comunícate con el administrador de tu organización.',
	},
	appLink: {
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
	},
} satisfies NamespaceMailTranslation

export default es_MX_mail
