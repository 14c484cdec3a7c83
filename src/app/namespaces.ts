import type { Locales, Namespaces, Translations } from '../../locales/i18n-types'

/*
 * The loaders of the dictionary's namespaces (locales/<lang>/<namespace>/), one per language and
 * namespace: a module of its own, loaded with the first screen that needs a namespace, so that the
 * first load does not grow with each area's texts (typesafe-i18n's generated i18n-util.async holds
 * the same table next to the root loaders, which the first page needs).
 */
const loaders = import.meta.glob<{ default: unknown }>('../../locales/*/*/index.ts')

export const importNamespace = async <Namespace extends Namespaces>(locale: Locales, namespace: Namespace): Promise<Translations[Namespace]> => {
  const load = loaders[`../../locales/${locale}/${namespace}/index.ts`]
  if (!load) throw new Error(`no namespace ${namespace} in ${locale}`)
  return (await load()).default as Translations[Namespace]
}
