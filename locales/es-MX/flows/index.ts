import type { NamespaceFlowsTranslation } from '../../i18n-types.js'

// the flow gallery (src/flows/FlowsPage.tsx): machine and state names stay as the machines spell them
const es_MX_flows = {
	title: 'Galería de flujos',
	intro: 'Cada flujo del portal, dibujado a partir de su máquina. Selecciona un estado para leer el texto de la especificación que implementa.',
	contents: 'Flujos',
	diagram: 'Diagrama de estados de {name}',
	drawing: 'Dibujando el diagrama de estados…',
	drawFailed: 'No se pudo dibujar el diagrama de estados.',
	copy: 'Copiar para el editor de Stately',
	copied: 'Copiado. En el editor de Stately, elige Import from code y pégalo.',
	copyFailed: 'No se pudo copiar al portapapeles.',
	screens: 'Pantallas que controla',
	noScreens: 'Ninguna pantalla usa este flujo.',
	states: 'Estados',
	state: 'Estado',
	description: 'Descripción',
	events: 'Eventos',
	none: 'Ninguno',
	noDescription: 'Sin descripción',
	spec: 'Texto de la especificación',
	specFor: 'Texto de la especificación para {state}',
	pickState: 'Selecciona un estado en el diagrama (o enfócalo y presiona Enter) para leer el texto de la especificación que implementa.',
	flowSpec: 'Texto de la especificación de todo el flujo',
	inheritedFrom: 'Este texto lo implementa su estado padre {parent}.',
	noStateSpec: 'La especificación no dice nada de este estado por sí solo; este es el texto del flujo.',
	source: 'Fuente: {document}, sección {section}',
} satisfies NamespaceFlowsTranslation

export default es_MX_flows
