import type { NamespaceFlowsTranslation } from '../../i18n-types.js'

// the flow gallery (src/flows/FlowsPage.tsx): machine and state names stay as the machines spell them
const pt_BR_flows = {
	title: 'Galeria de fluxos',
	intro: 'Cada fluxo do portal, desenhado a partir da sua máquina. Selecione um estado para ler o texto da especificação que ele implementa.',
	contents: 'Fluxos',
	diagram: 'Diagrama de estados de {name}',
	drawing: 'Desenhando o diagrama de estados…',
	drawFailed: 'Não foi possível desenhar o diagrama de estados.',
	copy: 'Copiar para o editor do Stately',
	copied: 'Copiado. No editor do Stately, escolha Import from code e cole.',
	copyFailed: 'Não foi possível copiar para a área de transferência.',
	screens: 'Telas que ele controla',
	noScreens: 'Nenhuma tela usa este fluxo.',
	states: 'Estados',
	state: 'Estado',
	description: 'Descrição',
	events: 'Eventos',
	none: 'Nenhum',
	noDescription: 'Sem descrição',
	spec: 'Texto da especificação',
	specFor: 'Texto da especificação para {state}',
	pickState: 'Selecione um estado no diagrama (ou dê foco a ele e pressione Enter) para ler o texto da especificação que ele implementa.',
	flowSpec: 'Texto da especificação do fluxo inteiro',
	inheritedFrom: 'Este texto é implementado pelo estado pai {parent}.',
	noStateSpec: 'A especificação não diz nada sobre este estado isoladamente; este é o texto do fluxo.',
	source: 'Fonte: {document}, seção {section}',
} satisfies NamespaceFlowsTranslation

export default pt_BR_flows
