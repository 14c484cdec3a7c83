import type { NamespaceAccountTranslation } from '../../i18n-types.js'

const es_MX_account = {
	passwordStrength: {
		weak: 'Seguridad de la contraseña: débil',
		fair: 'Seguridad de la contraseña: aceptable',
		good: 'Seguridad de la contraseña: buena',
		strong: 'Seguridad de la contraseña: fuerte',
		tipCommon: 'Esta contraseña es de las más comunes. Elige una que nadie pueda adivinar.',
		tipPattern: 'Las filas del teclado, las repeticiones, las secuencias y las fechas son fáciles de adivinar.',
		tipGeneric: 'Más larga es más segura: agrega algunas palabras sin relación entre sí.',
	},
	signUp: {
		title: 'Crea tu cuenta',
		titleWithOrganization: 'Únete a {organization}',
		invitedAs: 'Te invitaron a unirte a {organization} como {role}.',
		invitedEmailHelp: 'La invitación se envió a esta dirección.',
		firstName: 'Nombre',
		lastName: 'Apellido',
		email: 'Correo electrónico',
		password: 'Contraseña',
		passwordHelp: 'Al menos {min} caracteres.',
		invitationCode: 'Código de invitación (opcional)',
		invitationCodeHelp: 'Si tu escuela o empresa te dio un código, escríbelo aquí para unirte de inmediato.',
		submit: 'Crear cuenta',
		haveAccount: '¿Ya tienes una cuenta? Inicia sesión',
		socialSignUp: 'Registrarse con {provider}',
		successTitle: 'Revisa tu bandeja de entrada',
		successText:
			'Te enviamos un correo con un enlace para confirmar tu cuenta. Ábrelo para terminar tu registro.',
	},
	verifySocial: {
		title: 'Confirma tus datos',
		explanation:
			'Crearemos tu cuenta con el nombre y el correo de tu cuenta de {provider}. Aquí no se pueden cambiar.',
		confirm: 'Crear mi cuenta',
	},
	undoEmailChange: {
		title: 'Deshacer el cambio de correo',
		undoing: 'Deshaciendo el cambio de correo…',
		undone: 'Se deshizo el cambio de correo y se cerraron todas las sesiones de tu cuenta. Restablece tu contraseña ahora con “¿Olvidaste tu contraseña?” en la página de inicio de sesión.',
		login: 'Ir a iniciar sesión',
	},
	recoverPassword: {
		again: 'Usar otro correo electrónico',
		title: '¿Olvidaste tu contraseña?',
		text: 'Escribe el correo de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva.',
		submit: 'Enviar enlace',
		sentTitle: 'Revisa tu bandeja de entrada',
		sentText: 'Si existe una cuenta con {email}, le enviamos un enlace para restablecer la contraseña.',
		backToLogin: 'Volver a iniciar sesión',
	},
	resetPassword: {
		askNewLink: 'Pedir un enlace nuevo',
		title: 'Elige una contraseña nueva',
		newPassword: 'Contraseña nueva',
		confirmPassword: 'Confirma la contraseña nueva',
		submit: 'Guardar contraseña',
		done: 'Tu contraseña se cambió. Ya puedes iniciar sesión con ella.',
		invalidLink: 'Este enlace ya venció o ya se usó. Pide uno nuevo.',
		checking: 'Revisando tu enlace…',
	},
	resendConfirmation: {
		title: 'Reenviar correo de confirmación',
		text: 'Escribe el correo con el que te registraste y te enviaremos un nuevo enlace de confirmación.',
		submit: 'Enviar enlace',
		sent: 'Si existe una cuenta sin confirmar con este correo, ya va en camino un nuevo enlace de confirmación.',
	},
} satisfies NamespaceAccountTranslation

export default es_MX_account
