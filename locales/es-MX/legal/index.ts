import type { NamespaceLegalTranslation } from '../../i18n-types.js'

const es_MX_legal = {
	terms: {
		p1: 'Pronunciation Portal es un servicio para escuelas y empresas que gestionan a estudiantes de pronunciación en inglés. Al usarlo, aceptas estos términos.',
		p2: 'Tu organización decide quién puede usar el portal y con qué rol. Usa tu cuenta solo para los fines de tu organización y no compartas tu contraseña.',
		p3: 'No subas contenido que no tengas permiso de compartir y no intentes acceder a datos de otras organizaciones ni perturbar el servicio.',
		p4: 'Podemos cambiar estos términos; en ese caso, la nueva versión se publica en esta página. Si tienes preguntas, contacta al administrador de tu organización.',
	},
	privacy: {
		p1: 'Guardamos los datos necesarios para tu cuenta: tu nombre, correo electrónico, idioma, las organizaciones a las que perteneces y tus roles en ellas.',
		p2: 'Los administradores de tu organización pueden ver tu perfil y tu progreso de práctica. Las personas de otras organizaciones no pueden.',
		p3: 'Solo te enviamos correos sobre tu cuenta: enlaces de confirmación, restablecimiento de contraseña e invitaciones. No vendemos tus datos.',
		p4: 'Puedes cambiar tus datos en tu página de perfil y eliminar tu cuenta en cualquier momento; entonces se borran tus datos personales.',
	},
} satisfies NamespaceLegalTranslation

export default es_MX_legal
